import { claimIsTrue, subjectOf, text, type OidcProviderDefinition } from '../provider-definition.js';

/** Twitch: OpenID Connect; the address claims must be asked for with `claims`. */
export const twitch: OidcProviderDefinition = {
  id: 'twitch',
  name: 'Twitch',
  protocol: 'oidc',
  issuer: 'https://id.twitch.tv/oauth2',
  returnsEmail: true,
  scopes: ['openid', 'user:read:email'],
  pkce: false,
  clientAuthentication: 'client_secret_post',
  responseMode: 'query',
  authorizationParameters: {
    claims: JSON.stringify({ id_token: { email: null, email_verified: null, preferred_username: null, picture: null } }),
  },
  async readProfile({ issuer, idTokenClaims: c }) {
    return {
      subject: subjectOf(c.sub),
      issuer,
      email: text(c.email),
      emailVerified: claimIsTrue(c.email_verified),
      displayName: text(c.preferred_username),
      avatarUrl: text(c.picture),
      preferredUsername: text(c.preferred_username),
    };
  },
};
