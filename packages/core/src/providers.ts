/**
 * `@gatehousejs/core/providers`: the toolkit for defining a social sign-in provider that is not
 * built in (docs/social-sign-in.md). Pass the definition in `social.providers` of `createAuth`.
 *
 * @module
 */
export type {
  ProviderProfile,
  ProfileSources,
  ClientAuthentication,
  OAuthProviderDefinition,
  OidcProviderDefinition,
  OAuth2ProviderDefinition,
} from './social/provider-definition.js';
export { ProviderAnswerError, claimIsTrue, record, subjectOf, text } from './social/provider-definition.js';
export { defineOAuth2Provider, defineOidcProvider } from './social/define-provider.js';
export type { OAuth2ProviderOptions, OidcProviderOptions } from './social/define-provider.js';
export { profileFromClaims } from './social/providers/oidc-provider.js';
export { STEAM_OPENID_ENDPOINT } from './social/steam/steam-provider.js';
