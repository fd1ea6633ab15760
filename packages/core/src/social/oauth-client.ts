import * as oauth from 'oauth4webapi';
import { importPKCS8, SignJWT } from 'jose';
import type { OAuthProviderDefinition, ProviderProfile } from './provider-definition.js';
import { ProviderAnswerError } from './provider-definition.js';
import { profileSources } from './profile-sources.js';
import { tokenSetOf, type ProviderTokenSet } from './provider-tokens.js';
import { normalizedTokenResponse, unverifiedTenantOf } from './token-response.js';

/** How the client is known to one provider. */
export interface ProviderClient {
  clientId: string;
  /** Absent for Apple, whose secret is signed per request. */
  clientSecret?: string;
  apple?: { teamId: string; keyId: string; privateKey: string };
  /** For `private_key_jwt`: the client's private key (PKCS #8 PEM), its `kid` as registered, and its JWS algorithm. */
  privateKeyJwt?: { privateKey: string; keyId?: string | undefined; algorithm: string };
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

export function requestOptions(provider: ConfiguredProvider) {
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
export async function metadataForResponse(
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
    scope: definition.scopes.join(definition.scopeSeparator ?? ' '),
    state: input.state,
  };
  if (definition.responseMode === 'form_post') parameters.response_mode = 'form_post';
  if (input.codeVerifier !== null) {
    parameters.code_challenge = await oauth.calculatePKCECodeChallenge(input.codeVerifier);
    parameters.code_challenge_method = 'S256';
  }
  if (input.nonce !== null) parameters.nonce = input.nonce;
  if (definition.clientIdParameter === 'client_key') {
    parameters.client_key = parameters.client_id!;
    delete parameters.client_id;
  }
  for (const [key, value] of Object.entries(parameters)) url.searchParams.set(key, value);
  return url.href;
}

/** How the client authenticates at the token endpoint: the definition's method, with this client's credentials. */
export async function clientAuthentication(
  provider: ConfiguredProvider,
  as: oauth.AuthorizationServer,
  now: Date,
): Promise<oauth.ClientAuth> {
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
  if (definition.clientAuthentication === 'private_key_jwt') {
    if (!client.privateKeyJwt) throw new Error('private_key_jwt needs the client private key');
    const { privateKey, keyId, algorithm } = client.privateKeyJwt;
    const key = await importPKCS8(privateKey, algorithm);
    // RFC 7523: a short-lived JWT (iss = sub = client_id, aud = the issuer) signed with the client's key.
    return oauth.PrivateKeyJwt(keyId ? { key, kid: keyId } : key);
  }
  const secret = client.clientSecret ?? '';
  if (definition.clientIdParameter === 'client_key') {
    // TikTok names the client `client_key`, in the form with the secret.
    return (_as, _client, body) => {
      body.set('client_key', client.clientId);
      body.set('client_secret', secret);
    };
  }
  return definition.clientAuthentication === 'client_secret_basic' ? oauth.ClientSecretBasic(secret) : oauth.ClientSecretPost(secret);
}

/**
 * Checks the authorization response (state, `iss` by RFC 9207 where the provider sends or promises
 * it, an `error`), trades the code at the token endpoint (PKCE verifier, client authentication),
 * checks the id_token of OIDC providers (signature by the issuer's keys, `iss`, `aud`, `exp`,
 * `nonce`) and reads the profile with the provider's mapper; answers it with the provider's tokens
 * (stored only with `storeProviderTokens`). Throws `oauth4webapi` errors or
 * `ProviderAnswerError`; the caller turns any of them into `provider_error`.
 */
export async function exchangeAndReadProfile(
  provider: ConfiguredProvider,
  input: CodeExchangeInput,
): Promise<{ profile: ProviderProfile; tokens: ProviderTokenSet }> {
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
  const sources = profileSources(provider, { as: issuerAs, client, tokens, idTokenClaims, parameters: input.parameters, requestOptions });
  return { profile: await provider.definition.readProfile(sources), tokens: tokenSetOf(tokens) };
}
