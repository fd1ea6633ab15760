import { claimIsTrue, subjectOf, text, type OidcProviderDefinition } from '../provider-definition.js';

/** LinkedIn "Sign In with LinkedIn using OpenID Connect"; `email_verified` from the id_token. */
export const linkedin: OidcProviderDefinition = {
  id: 'linkedin',
  name: 'LinkedIn',
  protocol: 'oidc',
  issuer: 'https://www.linkedin.com/oauth',
  returnsEmail: true,
  scopes: ['openid', 'profile', 'email'],
  // LinkedIn takes PKCE only for native apps; web apps use the client secret.
  pkce: false,
  clientAuthentication: 'client_secret_post',
  responseMode: 'query',
  async readProfile({ issuer, idTokenClaims: c }) {
    return {
      subject: subjectOf(c.sub),
      issuer,
      email: text(c.email),
      emailVerified: claimIsTrue(c.email_verified),
      displayName: text(c.name),
      avatarUrl: text(c.picture),
      preferredUsername: text(c.given_name),
    };
  },
};
