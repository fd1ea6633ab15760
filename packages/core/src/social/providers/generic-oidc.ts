import { claimIsTrue, subjectOf, text, type OidcProviderDefinition } from '../provider-definition.js';

/** Any OpenID Connect provider found by its issuer's discovery document (Keycloak, Auth0, Okta, in-house). */
export function genericOidc(options: { issuer: string; name?: string }): OidcProviderDefinition {
  return {
    id: 'oidc',
    name: options.name ?? 'OpenID Connect',
    protocol: 'oidc',
    issuer: options.issuer,
    returnsEmail: true,
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    clientAuthentication: 'client_secret_basic',
    responseMode: 'query',
    async readProfile({ issuer, idTokenClaims, userInfo }) {
      // Many providers keep email and name out of the id_token; the userinfo answer (same `sub`) has them.
      const c = text(idTokenClaims.email) ? idTokenClaims : { ...(await userInfo()), ...idTokenClaims };
      return {
        subject: subjectOf(idTokenClaims.sub),
        issuer,
        email: text(c.email),
        emailVerified: claimIsTrue(c.email_verified),
        displayName: text(c.name),
        avatarUrl: text(c.picture),
        preferredUsername: text(c.preferred_username) ?? text(c.nickname),
      };
    },
  };
}
