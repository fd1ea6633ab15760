import { defineOidcProvider } from '../define-provider.js';

/** Sign in with Slack (OpenID Connect); `email_verified` from the id_token. */
export const slack = defineOidcProvider({
  id: 'slack',
  name: 'Slack',
  issuer: 'https://slack.com',
  scopes: ['openid', 'email', 'profile'],
  pkce: false,
  clientAuthentication: 'client_secret_post',
});
