import { claimIsTrue, subjectOf, text, type OidcProviderDefinition } from '../provider-definition.js';

/** GitLab (gitlab.com or a self-managed instance as `issuer`): OpenID Connect; `email_verified` from the id_token. */
export function gitlab(options: { issuer?: string } = {}): OidcProviderDefinition {
  return {
    id: 'gitlab',
    name: 'GitLab',
    protocol: 'oidc',
    issuer: options.issuer ?? 'https://gitlab.com',
    returnsEmail: true,
    scopes: ['openid', 'profile', 'email'],
    pkce: true,
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
        preferredUsername: text(c.nickname),
      };
    },
  };
}
