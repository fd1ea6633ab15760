import { oidcProvider } from './oidc-provider.js';

/** Google: OpenID Connect; `email_verified` from the id_token. Console: Google Cloud → APIs & Services → Credentials. */
export const google = oidcProvider({
  id: 'google',
  name: 'Google',
  issuer: 'https://accounts.google.com',
  scopes: ['openid', 'email', 'profile'],
  pkce: true,
  clientAuthentication: 'client_secret_basic',
});
