/** Every provider Gatehouse ships (CONTRACT §8, and the ten of issue 25). */
export const PROVIDER_IDS = [
  'google',
  'microsoft',
  'apple',
  'facebook',
  'x',
  'linkedin',
  'github',
  'gitlab',
  'discord',
  'twitch',
  'spotify',
  'slack',
  'battlenet',
  'steam',
  'oidc',
  'zoom',
  'notion',
  'figma',
  'kakao',
  'bitbucket',
  'reddit',
  'tiktok',
  'roblox',
  'dropbox',
  'atlassian',
] as const;

export type BuiltInProviderId = (typeof PROVIDER_IDS)[number];

/** A built-in provider's id, or the id an app gave a provider of its own (`customProviders`, `oidcProviders`). */
export type ProviderId = BuiltInProviderId | (string & {});

export const isBuiltInProviderId = (value: string): value is BuiltInProviderId => (PROVIDER_IDS as readonly string[]).includes(value);

/** Path segments the routes use themselves (`GET /oauth/providers`, `POST /oauth/exchange`). */
const ROUTE_WORDS = ['providers', 'exchange'];

/** A provider id that can stand in a URL path: lower-case letters, digits, `-` and `_`, 2–32, not a word of the routes. */
export const isProviderId = (value: string): value is ProviderId => /^[a-z][a-z0-9_-]{1,31}$/.test(value) && !ROUTE_WORDS.includes(value);

/** What a provider says about the account, read from its raw answers by the provider's own mapper. */
export interface ProviderProfile {
  /** The provider's stable id of the account; never a mapped or user-editable field. */
  subject: string;
  /** The issuer that vouched for the subject (for OIDC the id_token's verified `iss`). */
  issuer: string;
  email: string | null;
  /** True only when the provider says it verified `email`. */
  emailVerified: boolean;
  displayName: string | null;
  avatarUrl: string | null;
  /** A name to start a username from when the account is new (persona name, battletag, login). */
  preferredUsername: string | null;
}

/** Where a plain OAuth 2.0 provider lives; OIDC providers find these by discovery instead. */
export interface OAuthEndpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** The provider's API root, for the profile requests of its mapper. */
  apiBase?: string;
}

/**
 * How the client proves itself at the token endpoint: the client secret in the Authorization header
 * or in the form, a JWT signed with the client's own private key (RFC 7523, `private_key_jwt`), or
 * Apple's ES256 client secret.
 */
export type ClientAuthentication = 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt' | 'apple_es256_jwt';

/** Answers the mapper can read: the verified id_token claims (OIDC) and authorized API calls. */
export interface ProfileSources {
  issuer: string;
  /** Verified claims of the id_token; empty for plain OAuth 2.0. */
  idTokenClaims: Record<string, unknown>;
  /** GET of a URL (absolute, or relative to `apiBase`) with the access token; the parsed JSON. */
  getJson(url: string, headers?: Record<string, string>): Promise<unknown>;
  /** POST of JSON (an RPC-style profile call such as Dropbox's `users/get_current_account`); the parsed JSON. */
  postJson(url: string, body: unknown, headers?: Record<string, string>): Promise<unknown>;
  /** The token endpoint's answer without its tokens (Notion puts the user there: `owner.user`). */
  tokenResponse: Record<string, unknown>;
  /** Claims of the OIDC userinfo endpoint, checked against the id_token's `sub`. */
  userInfo(): Promise<Record<string, unknown>>;
  /** Parameters of the callback request itself (Apple's first `user` POST). */
  callbackParameters: URLSearchParams;
}

interface ProviderBase {
  id: ProviderId;
  /** The name a sign-in button shows. */
  name: string;
  /** False for providers that never give an address (Steam, Battle.net). */
  returnsEmail: boolean;
  scopes: readonly string[];
  /** Whether the provider takes PKCE (S256); sent wherever it does. */
  pkce: boolean;
  clientAuthentication: ClientAuthentication;
  responseMode: 'query' | 'form_post';
  /** Extra parameters of the authorization request (Twitch's `claims`, Google's `prompt`). */
  authorizationParameters?: Readonly<Record<string, string>>;
  /** How the client id is named in requests: `client_id`, or TikTok's `client_key`. */
  clientIdParameter?: 'client_id' | 'client_key';
  /** How `scope` joins the scopes: a space (RFC 6749 §3.3), or TikTok's comma. */
  scopeSeparator?: ' ' | ',';
  /** The profile, from the provider's raw answers. */
  readProfile(sources: ProfileSources): Promise<ProviderProfile>;
  /**
   * Adds what the provider requires to each API call of the mapper, e.g. Facebook's
   * `appsecret_proof` (an HMAC of the access token keyed with the client secret).
   */
  decorateApiRequest?(url: URL, input: { accessToken: string; clientSecret: string | undefined }): void | Promise<void>;
}

/** An OpenID Connect provider: endpoints and keys from its issuer's discovery document; an id_token. */
export interface OidcProviderDefinition extends ProviderBase {
  protocol: 'oidc';
  issuer: string;
  /**
   * Microsoft's multi-tenant endpoints: the discovery document names the issuer
   * `https://login.microsoftonline.com/{tenantid}/v2.0`, and each id_token's `iss` is that with its
   * own `tid` put in. Then `issuer` is only where discovery is fetched from.
   */
  tenantIssuerTemplate?: string;
  /**
   * Where the discovery document is fetched from when that is not `issuer` itself: Microsoft's
   * `consumers` tenant publishes its document under `/consumers/v2.0` but names the fixed issuer
   * of the consumer tenant (`/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0`).
   */
  discoveryBase?: string;
  /**
   * False only for a provider known never to echo the nonce (LinkedIn): then none is sent and an
   * id_token must carry none. Every other OIDC provider gets a nonce and must send it back.
   */
  nonce?: boolean;
}

/** A plain OAuth 2.0 provider: fixed endpoints, the profile from its API. */
export interface OAuth2ProviderDefinition extends ProviderBase {
  protocol: 'oauth2';
  /** A fixed URL that names the provider as issuer of its subjects. */
  issuer: string;
  endpoints: OAuthEndpoints;
}

export type OAuthProviderDefinition = OidcProviderDefinition | OAuth2ProviderDefinition;

/** Reads a string claim or field; anything else is absent. */
export const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

/** A JSON object, or an empty one. */
export const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * The id as the provider gives it: a string, or a safe integer turned to text. Anything else (a
 * missing id, a float, an object) fails the sign-in.
 */
export function subjectOf(value: unknown): string {
  if (typeof value === 'string' && value.length > 0 && value.length <= 255) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  throw new ProviderAnswerError('the provider gave no usable account id');
}

/** The provider answered something the mapper cannot use; the callback ends with `provider_error`. */
export class ProviderAnswerError extends Error {
  override readonly name = 'ProviderAnswerError';
}

/** `email_verified` as OIDC providers send it: true, or the string "true" (Apple). */
export const claimIsTrue = (value: unknown): boolean => value === true || value === 'true';
