import { text, type OidcProviderDefinition } from '../provider-definition.js';
import { oidcProvider, profileFromClaims } from './oidc-provider.js';

/** Any OpenID Connect provider found by its issuer's discovery document (Keycloak, Auth0, Okta, in-house). */
export function genericOidc(options: { issuer: string; name?: string }): OidcProviderDefinition {
  return oidcProvider({
    id: 'oidc',
    name: options.name ?? 'OpenID Connect',
    issuer: options.issuer,
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    clientAuthentication: 'client_secret_basic',
    async readProfile({ issuer, idTokenClaims, userInfo }) {
      // Many providers keep email and name out of the id_token; the userinfo answer (same `sub`) has them.
      const c = text(idTokenClaims.email) ? idTokenClaims : { ...(await userInfo()), ...idTokenClaims };
      return {
        ...profileFromClaims(issuer, { ...c, sub: idTokenClaims.sub }),
        preferredUsername: text(c.preferred_username) ?? text(c.nickname),
      };
    },
  });
}
