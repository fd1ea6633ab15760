import * as oauth from 'oauth4webapi';
import { importPKCS8, SignJWT } from 'jose';
import type { OAuthProviderDefinition, ProfileSources, ProviderProfile } from './provider-definition.js';
import { ProviderAnswerError, record } from './provider-definition.js';
import { normalizedTokenResponse, unverifiedTenantOf } from './token-response.js';

/** How the client is known to one provider. */
export interface ProviderClient {
  clientId: string;
  /** Absent for Apple, whose secret is signed per request. */
  clientSecret?: string;
  apple?: { teamId: string; keyId: string; privateKey: string };
}

/** A configured provider, ready to build requests: definition, client, and where it calls back. */
export interface ConfiguredProvider {
  definition: OAuthProviderDefinition;
  client: ProviderClient;
  callbackUrl: string;
  allowInsecure: boolean;
}

/** What the callback hands the client: the raw parameters, the expected state, PKCE, nonce. */
export interface CodeExchangeInput {
  parameters: URLSearchParams;
  state: string;
  codeVerifier: string | null;
  nonce: string | null;
  now: Date;
}

const TIMEOUT_MS = 10_000;
const metadataCache = new WeakMap<ConfiguredProvider, Promise<oauth.AuthorizationServer>>();
/**
 * The issuer's signing keys, one cache per configured provider. oauth4webapi's own cache is keyed on
 * the metadata object, and a multi-tenant provider (Microsoft) gets a new object per sign-in (its
 * tenant's issuer): without this cache every Microsoft sign-in downloaded the keys again.
 */
const signingKeys = new WeakMap<ConfiguredProvider, oauth.JWKSCacheInput>();

function requestOptions(provider: ConfiguredProvider) {
  let keys = signingKeys.get(provider);
  if (!keys) {
    keys = {};
    signingKeys.set(provider, keys);
  }
  return { [oauth.allowInsecureRequests]: provider.allowInsecure, [oauth.jwksCache]: keys, signal: AbortSignal.timeout(TIMEOUT_MS) };
}

async function discover(
  provider: ConfiguredProvider,
  definition: Extract<OAuthProviderDefinition, { protocol: 'oidc' }>,
): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(definition.issuer);
  const from = definition.discoveryBase ? new URL(definition.discoveryBase) : issuer;
  const response = await oauth.discoveryRequest(from, { algorithm: 'oidc', ...requestOptions(provider) });
  // A multi-tenant document names the template as its issuer (see `tenantIssuerTemplate`).
  return oauth.processDiscoveryResponse(new URL(definition.tenantIssuerTemplate ?? issuer), response);
}

const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The metadata to check this token response against. For a multi-tenant issuer (Microsoft's
 * `{tenantid}` template) that is the template with the id_token's own `tid` put in: the id_token is
 * then checked in full (signature by the issuer's keys, `iss` equal to that tenant's issuer, `aud`,
 * `exp`, `nonce`), so a `tid` that does not match its `iss` fails. Read from a copy of the answer,
 * before oauth4webapi reads it, with public API only.
 */
async function metadataForResponse(
  as: oauth.AuthorizationServer,
  template: string | undefined,
  response: Response,
): Promise<oauth.AuthorizationServer> {
  if (!template) return as;
  const tid = await unverifiedTenantOf(response);
  if (typeof tid !== 'string' || !TENANT_ID.test(tid)) throw new ProviderAnswerError('the id_token names no tenant');
  return { ...as, issuer: template.replace('{tenantid}', tid) };
}

/**
 * The provider's authorization server metadata: by discovery for OIDC (fetched once, fetched again
 * after a failure), fixed for plain OAuth 2.0.
 */
export function metadataOf(provider: ConfiguredProvider): Promise<oauth.AuthorizationServer> {
  const { definition } = provider;
  if (definition.protocol === 'oauth2') {
    return Promise.resolve({
      issuer: definition.issuer,
      authorization_endpoint: definition.endpoints.authorizationEndpoint,
      token_endpoint: definition.endpoints.tokenEndpoint,
    });
  }
  let cached = metadataCache.get(provider);
  if (!cached) {
    cached = discover(provider, definition);
    metadataCache.set(provider, cached);
    cached.catch(() => metadataCache.delete(provider));
  }
  return cached;
}

/** Whether a sign-in sends (and then requires) a nonce: every OIDC provider but one known never to echo it (LinkedIn). */
export const sendsNonce = (definition: OAuthProviderDefinition): boolean => definition.protocol === 'oidc' && definition.nonce !== false;

/** The authorization request URL: state, PKCE S256 where supported, nonce for OIDC, the provider's response mode. */
export async function authorizationUrl(
  provider: ConfiguredProvider,
  input: { state: string; codeVerifier: string | null; nonce: string | null },
): Promise<string> {
  const as = await metadataOf(provider);
  if (!as.authorization_endpoint) throw new ProviderAnswerError('the provider has no authorization endpoint');
  const url = new URL(as.authorization_endpoint);
  const { definition } = provider;
  const parameters: Record<string, string> = {
    ...definition.authorizationParameters,
    client_id: provider.client.clientId,
    redirect_uri: provider.callbackUrl,
    response_type: 'code',
    scope: definition.scopes.join(' '),
    state: input.state,
  };
  if (definition.responseMode === 'form_post') parameters.response_mode = 'form_post';
  if (input.codeVerifier !== null) {
    parameters.code_challenge = await oauth.calculatePKCECodeChallenge(input.codeVerifier);
    parameters.code_challenge_method = 'S256';
  }
  if (input.nonce !== null) parameters.nonce = input.nonce;
  for (const [key, value] of Object.entries(parameters)) url.searchParams.set(key, value);
  return url.href;
}

async function clientAuthentication(provider: ConfiguredProvider, as: oauth.AuthorizationServer, now: Date): Promise<oauth.ClientAuth> {
  const { client, definition } = provider;
  if (definition.clientAuthentication === 'apple_es256_jwt') {
    if (!client.apple) throw new Error('Apple sign-in needs teamId, keyId and privateKey');
    const key = await importPKCS8(client.apple.privateKey, 'ES256');
    const seconds = Math.floor(now.getTime() / 1000);
    // Apple's client secret: an ES256 JWT from the team's key, for this client, minutes long.
    const secret = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: client.apple.keyId })
      .setIssuer(client.apple.teamId)
      .setSubject(client.clientId)
      .setAudience(as.issuer)
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + 300)
      .sign(key);
    return oauth.ClientSecretPost(secret);
  }
  const secret = client.clientSecret ?? '';
  return definition.clientAuthentication === 'client_secret_basic' ? oauth.ClientSecretBasic(secret) : oauth.ClientSecretPost(secret);
}

/**
 * Checks the authorization response (state, `iss` by RFC 9207 where the provider sends or promises
 * it, an `error`), trades the code at the token endpoint (PKCE verifier, client authentication),
 * checks the id_token of OIDC providers (signature by the issuer's keys, `iss`, `aud`, `exp`,
 * `nonce`) and reads the profile with the provider's mapper. Throws `oauth4webapi` errors or
 * `ProviderAnswerError`; the caller turns any of them into `provider_error`.
 */
export async function exchangeAndReadProfile(provider: ConfiguredProvider, input: CodeExchangeInput): Promise<ProviderProfile> {
  const as = await metadataOf(provider);
  const client: oauth.Client = { client_id: provider.client.clientId };
  const callbackParameters = oauth.validateAuthResponse(as, client, input.parameters, input.state);
  const response = await normalizedTokenResponse(
    await oauth.authorizationCodeGrantRequest(
      as,
      client,
      await clientAuthentication(provider, as, input.now),
      callbackParameters,
      provider.callbackUrl,
      input.codeVerifier ?? oauth.nopkce,
      requestOptions(provider),
    ),
  );
  const { definition } = provider;
  const isOidc = definition.protocol === 'oidc';
  const issuerAs = isOidc ? await metadataForResponse(as, definition.tenantIssuerTemplate, response) : as;
  const tokens = await oauth.processAuthorizationCodeResponse(issuerAs, client, response, {
    expectedNonce: input.nonce ?? oauth.expectNoNonce,
    requireIdToken: isOidc,
  });
  let idTokenClaims: Record<string, unknown> = {};
  if (isOidc) {
    // Checked over TLS by oauth4webapi already; the signature is checked too, against the issuer's keys.
    await oauth.validateApplicationLevelSignature(issuerAs, response, requestOptions(provider));
    idTokenClaims = { ...oauth.getValidatedIdTokenClaims(tokens) };
  }
  const accessToken = tokens.access_token;
  const apiBase = provider.definition.protocol === 'oauth2' ? provider.definition.endpoints.apiBase : undefined;
  const sources: ProfileSources = {
    issuer: typeof idTokenClaims.iss === 'string' ? idTokenClaims.iss : as.issuer,
    idTokenClaims,
    callbackParameters: input.parameters,
    async getJson(path) {
      const url = new URL(path, apiBase);
      await definition.decorateApiRequest?.(url, { accessToken, clientSecret: provider.client.clientSecret });
      const answer = await oauth.protectedResourceRequest(
        accessToken,
        'GET',
        url,
        new Headers({ accept: 'application/json' }),
        null,
        requestOptions(provider),
      );
      if (!answer.ok) throw new ProviderAnswerError(`the provider's API answered ${answer.status}`);
      return answer.json();
    },
    async userInfo() {
      const answer = await oauth.userInfoRequest(issuerAs, client, accessToken, requestOptions(provider));
      const subject = typeof idTokenClaims.sub === 'string' ? idTokenClaims.sub : oauth.skipSubjectCheck;
      return record(await oauth.processUserInfoResponse(issuerAs, client, subject, answer));
    },
  };
  return provider.definition.readProfile(sources);
}
