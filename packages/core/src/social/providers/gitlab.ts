import { text, type OidcProviderDefinition } from '../provider-definition.js';
import { oidcProvider, profileFromClaims } from './oidc-provider.js';

/**
 * GitLab (gitlab.com or a self-managed instance as `issuer`): OpenID Connect; `email_verified` from
 * the id_token. Some instances put only `sub` and the address in the id_token and keep `name` and
 * `nickname` for userinfo (https://docs.gitlab.com/integration/openid_connect_provider/#shared-information
 * lists which claims each carries): then the userinfo answer (same `sub`, checked) fills them in.
 */
export function gitlab(options: { issuer?: string } = {}): OidcProviderDefinition {
  return oidcProvider({
    id: 'gitlab',
    name: 'GitLab',
    issuer: options.issuer ?? 'https://gitlab.com',
    scopes: ['openid', 'profile', 'email'],
    pkce: true,
    clientAuthentication: 'client_secret_post',
    async readProfile({ issuer, idTokenClaims, userInfo }) {
      const complete = text(idTokenClaims.name) !== null && text(idTokenClaims.nickname) !== null;
      // The id_token's own claims win over userinfo's; `sub` is the id_token's.
      const c = complete ? idTokenClaims : { ...(await userInfo()), ...idTokenClaims };
      return profileFromClaims(issuer, { ...c, sub: idTokenClaims.sub }, { username: 'nickname' });
    },
  });
}
