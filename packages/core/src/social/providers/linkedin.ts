import { oidcProvider } from './oidc-provider.js';

/** LinkedIn "Sign In with LinkedIn using OpenID Connect"; `email_verified` from the id_token. */
export const linkedin = oidcProvider({
  id: 'linkedin',
  name: 'LinkedIn',
  issuer: 'https://www.linkedin.com/oauth',
  scopes: ['openid', 'profile', 'email'],
  // LinkedIn takes PKCE only for native apps; web apps use the client secret.
  pkce: false,
  clientAuthentication: 'client_secret_post',
});
