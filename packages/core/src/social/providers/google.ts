import { claimIsTrue, subjectOf, text, type OidcProviderDefinition } from '../provider-definition.js';

/** Google: OpenID Connect; `email_verified` from the id_token. Console: Google Cloud → APIs & Services → Credentials. */
export const google: OidcProviderDefinition = {
  id: 'google',
  name: 'Google',
  protocol: 'oidc',
  issuer: 'https://accounts.google.com',
  returnsEmail: true,
  scopes: ['openid', 'email', 'profile'],
  pkce: true,
  clientAuthentication: 'client_secret_basic',
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
