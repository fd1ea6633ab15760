import { defineOidcProvider } from '../define-provider.js';

/** Twitch: OpenID Connect; the address claims must be asked for with `claims`. */
export const twitch = defineOidcProvider({
  id: 'twitch',
  name: 'Twitch',
  issuer: 'https://id.twitch.tv/oauth2',
  scopes: ['openid', 'user:read:email'],
  pkce: false,
  clientAuthentication: 'client_secret_post',
  authorizationParameters: {
    claims: JSON.stringify({ id_token: { email: null, email_verified: null, preferred_username: null, picture: null } }),
  },
  claimNames: { displayName: 'preferred_username', username: 'preferred_username' },
});
