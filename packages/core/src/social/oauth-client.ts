import * as oauth from 'oauth4webapi';
import { importPKCS8, SignJWT } from 'jose';
import type { OAuthProviderDefinition, ProfileSources, ProviderProfile } from './provider-definition.js';
import { ProviderAnswerError, record } from './provider-definition.js';

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

function requestOptions(provider: ConfiguredProvider) {
  return { [oauth.allowInsecureRequests]: provider.allowInsecure, signal: AbortSignal.timeout(TIMEOUT_MS) };
}

async function discover(provider: ConfiguredProvider, definition: Extract<OAuthProviderDefinition, { protocol: 'oidc' }>): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(definition.issuer);
  const response = await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...requestOptions(provider) });
  const template = definition.tenantIssuerTemplate;
  const as = await oauth.processDiscoveryResponse(template ? new URL(template) : issuer, response);
  if (template) {
    // Each id_token names its own tenant: accept exactly the template with the token's `tid` put in.
    const expected = (result: { claims: Record<string, unknown> }) => {
      const tid = result.claims.tid;
      return typeof tid === 'string' && /^[0-9a-f-]{36}$/.test(tid) ? template.replace('{tenantid}', tid) : template;
    };
    // oauth4webapi's hook for this case (what openid-client uses for Entra ID); not in its typings.
    const hook = (oauth as unknown as { _expectedIssuer?: symbol })._expectedIssuer;
    if (!hook) throw new Error('oauth4webapi no longer offers the per-tenant issuer hook');
    Object.assign(as, { [hook]: expected });
  }
  return as;
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
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    await clientAuthentication(provider, as, input.now),
    callbackParameters,
    provider.callbackUrl,
    input.codeVerifier ?? oauth.nopkce,
    requestOptions(provider),
  );
  const isOidc = provider.definition.protocol === 'oidc';
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
    expectedNonce: input.nonce ?? oauth.expectNoNonce,
    requireIdToken: isOidc,
  });
  let idTokenClaims: Record<string, unknown> = {};
  if (isOidc) {
    // Checked over TLS by oauth4webapi already; the signature is checked too, against the issuer's keys.
    await oauth.validateApplicationLevelSignature(as, response, requestOptions(provider));
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
      const answer = await oauth.protectedResourceRequest(accessToken, 'GET', url, new Headers({ accept: 'application/json' }), null, requestOptions(provider));
      if (!answer.ok) throw new ProviderAnswerError(`the provider's API answered ${answer.status}`);
      return answer.json();
    },
    async userInfo() {
      const answer = await oauth.userInfoRequest(as, client, accessToken, requestOptions(provider));
      const subject = typeof idTokenClaims.sub === 'string' ? idTokenClaims.sub : oauth.skipSubjectCheck;
      return record(await oauth.processUserInfoResponse(as, client, subject, answer));
    },
  };
  return provider.definition.readProfile(sources);
}
