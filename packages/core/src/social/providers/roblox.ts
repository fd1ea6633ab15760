import { defineOidcProvider } from '../define-provider.js';
import { subjectOf, text } from '../provider-definition.js';

/**
 * Roblox (https://create.roblox.com/docs/cloud/auth/oauth2-reference): OpenID Connect with PKCE,
 * issuer `https://apis.roblox.com/oauth/`. The id_token carries `sub` (the user id), `name`,
 * `nickname`, `preferred_username`, `picture`; Roblox gives no address.
 */
export const roblox = defineOidcProvider({
  id: 'roblox',
  name: 'Roblox',
  issuer: 'https://apis.roblox.com/oauth/',
  scopes: ['openid', 'profile'],
  returnsEmail: false,
  clientAuthentication: 'client_secret_basic',
  async readProfile({ issuer, idTokenClaims: c }) {
    return {
      subject: subjectOf(c.sub),
      issuer,
      email: null,
      emailVerified: false,
      displayName: text(c.nickname) ?? text(c.name),
      avatarUrl: text(c.picture),
      preferredUsername: text(c.preferred_username),
    };
  },
});
