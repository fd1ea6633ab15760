import { text, type OidcProviderDefinition } from '../provider-definition.js';
import { defineOidcProvider } from '../define-provider.js';
import { profileFromClaims } from './oidc-provider.js';

/** Any OpenID Connect provider found by its issuer's discovery document (Keycloak, Auth0, Okta, in-house). */
export function genericOidc(options: {
  issuer: string;
  name?: string;
  /** Default `oidc`; each of several generic providers has its own (`keycloak`, `okta`). */
  id?: string;
  clientAuthentication?: 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt';
  pkce?: boolean;
}): OidcProviderDefinition {
  return defineOidcProvider({
    id: options.id ?? 'oidc',
    name: options.name ?? 'OpenID Connect',
    issuer: options.issuer,
    scopes: ['openid', 'email', 'profile'],
    pkce: options.pkce ?? true,
    clientAuthentication: options.clientAuthentication ?? 'client_secret_basic',
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
