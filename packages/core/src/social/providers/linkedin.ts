import { oidcProvider } from './oidc-provider.js';

/**
 * LinkedIn "Sign In with LinkedIn using OpenID Connect"; `email_verified` from the id_token.
 * LinkedIn leaves `nonce` out of its id_token even when one was sent
 * (https://learn.microsoft.com/en-us/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2
 * lists the id_token's claims: no nonce), so none is sent and none is accepted back; state and the
 * client secret at the token endpoint bind the answer to this sign-in instead.
 */
export const linkedin = oidcProvider({
  id: 'linkedin',
  name: 'LinkedIn',
  issuer: 'https://www.linkedin.com/oauth',
  scopes: ['openid', 'profile', 'email'],
  // LinkedIn takes PKCE only for native apps; web apps use the client secret.
  pkce: false,
  nonce: false,
  clientAuthentication: 'client_secret_post',
});
