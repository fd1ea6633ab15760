import type {
  ClientAuthentication,
  OAuth2ProviderDefinition,
  OidcProviderDefinition,
  ProfileSources,
  ProviderProfile,
} from './provider-definition.js';
import { profileFromClaims, type ClaimNames } from './providers/oidc-provider.js';

interface CommonOptions {
  /** The provider's id: its path segment (`/oauth/<id>`) and the `provider` of its identities. */
  id: string;
  /** The name a sign-in button shows. */
  name: string;
  /** Sent with the authorization request; at least `openid` for OIDC. */
  scopes?: readonly string[];
  /** PKCE S256; on by default (turn it off only for a provider that refuses it). */
  pkce?: boolean;
  /** Default `client_secret_basic`; `client_secret_post`, or `private_key_jwt` (the client's own key). */
  clientAuthentication?: ClientAuthentication;
  /** Extra parameters of the authorization request, e.g. Google's `hd` or `prompt`. */
  authorizationParameters?: Readonly<Record<string, string>>;
  /** False for a provider that never gives an address. */
  returnsEmail?: boolean;
  responseMode?: 'query' | 'form_post';
  /** Adds what the provider requires to each API call of `readProfile` (Facebook's `appsecret_proof`). */
  decorateApiRequest?: OAuth2ProviderDefinition['decorateApiRequest'];
  /** How requests name the client id: `client_id`, or TikTok's `client_key`. */
  clientIdParameter?: 'client_id' | 'client_key';
  /** How the scopes are joined: a space (RFC 6749 §3.3, the default), or TikTok's comma. */
  scopeSeparator?: ' ' | ',';
}

/** A plain OAuth 2.0 provider: its endpoints, and a mapper from its API answers to a profile. */
export interface OAuth2ProviderOptions extends CommonOptions {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** The API root `getJson` resolves relative paths against. */
  apiBase?: string;
  /** A fixed URL that names the provider as issuer of its subjects; default the authorization endpoint's origin. */
  issuer?: string;
  /**
   * The profile from the provider's answers. Say `emailVerified: true` only when the provider
   * documents that it verified that very address: an unverified one never links or becomes the
   * account's address.
   */
  readProfile(sources: ProfileSources): Promise<ProviderProfile>;
}

/** An OpenID Connect provider: its issuer (discovery finds the rest) and, if the usual claims do not fit, a mapper. */
export interface OidcProviderOptions extends CommonOptions {
  issuer: string;
  /** Default: the id_token's `sub`, `email`, `email_verified`, `name`, `picture`, `given_name`. */
  readProfile?(sources: ProfileSources): Promise<ProviderProfile>;
  /** Which claims name the account, where they differ from `name` and `given_name`. */
  claimNames?: ClaimNames;
  /** False only for a provider known never to echo the nonce (LinkedIn). */
  nonce?: boolean;
  /** Where discovery is fetched from when that is not the issuer (Microsoft `consumers`). */
  discoveryBase?: string;
  /** A multi-tenant issuer template (`https://login.microsoftonline.com/{tenantid}/v2.0`). */
  tenantIssuerTemplate?: string;
}

/**
 * Defines a plain OAuth 2.0 provider. The built-in GitHub, Discord, X, Facebook, Spotify and the
 * ten providers of round 4 are written with it.
 *
 * @example
 * const acme = defineOAuth2Provider({
 *   id: 'acme',
 *   name: 'Acme',
 *   authorizationEndpoint: 'https://id.acme.example/oauth/authorize',
 *   tokenEndpoint: 'https://id.acme.example/oauth/token',
 *   apiBase: 'https://api.acme.example/',
 *   scopes: ['profile', 'email'],
 *   async readProfile({ issuer, getJson }) {
 *     const me = (await getJson('me')) as { id: number; email: string; email_verified: boolean; name: string };
 *     return { subject: String(me.id), issuer, email: me.email, emailVerified: me.email_verified === true, displayName: me.name, avatarUrl: null, preferredUsername: null };
 *   },
 * });
 */
export function defineOAuth2Provider(options: OAuth2ProviderOptions): OAuth2ProviderDefinition {
  const { authorizationEndpoint, tokenEndpoint, apiBase, issuer, ...rest } = options;
  return {
    protocol: 'oauth2',
    returnsEmail: rest.returnsEmail ?? true,
    scopes: rest.scopes ?? [],
    pkce: rest.pkce ?? true,
    clientAuthentication: rest.clientAuthentication ?? 'client_secret_basic',
    responseMode: rest.responseMode ?? 'query',
    id: rest.id,
    name: rest.name,
    issuer: issuer ?? new URL(authorizationEndpoint).origin,
    endpoints: { authorizationEndpoint, tokenEndpoint, ...(apiBase ? { apiBase } : {}) },
    readProfile: rest.readProfile,
    ...(rest.authorizationParameters ? { authorizationParameters: rest.authorizationParameters } : {}),
    ...(rest.decorateApiRequest ? { decorateApiRequest: rest.decorateApiRequest } : {}),
    ...(rest.clientIdParameter ? { clientIdParameter: rest.clientIdParameter } : {}),
    ...(rest.scopeSeparator ? { scopeSeparator: rest.scopeSeparator } : {}),
  };
}

/**
 * Defines an OpenID Connect provider: endpoints and keys come from its issuer's discovery
 * document; the id_token is checked in full (signature, `iss`, `aud`, `exp`, `nonce`).
 *
 * @example
 * const keycloak = defineOidcProvider({ id: 'keycloak', name: 'Keycloak', issuer: 'https://sso.example.com/realms/main' });
 */
export function defineOidcProvider(options: OidcProviderOptions): OidcProviderDefinition {
  const { claimNames, readProfile, ...rest } = options;
  return {
    ...rest,
    protocol: 'oidc',
    returnsEmail: rest.returnsEmail ?? true,
    scopes: rest.scopes ?? ['openid', 'email', 'profile'],
    pkce: rest.pkce ?? true,
    clientAuthentication: rest.clientAuthentication ?? 'client_secret_basic',
    responseMode: rest.responseMode ?? 'query',
    readProfile: readProfile ?? (async ({ issuer, idTokenClaims }) => profileFromClaims(issuer, idTokenClaims, claimNames)),
  };
}
