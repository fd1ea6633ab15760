import { claimIsTrue, subjectOf, text, type OidcProviderDefinition } from '../provider-definition.js';

/** Sign in with Slack (OpenID Connect); `email_verified` from the id_token. */
export const slack: OidcProviderDefinition = {
  id: 'slack',
  name: 'Slack',
  protocol: 'oidc',
  issuer: 'https://slack.com',
  returnsEmail: true,
  scopes: ['openid', 'email', 'profile'],
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
