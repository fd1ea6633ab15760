import type { OidcProviderDefinition } from '../provider-definition.js';
import { oidcProvider } from './oidc-provider.js';

/** GitLab (gitlab.com or a self-managed instance as `issuer`): OpenID Connect; `email_verified` from the id_token. */
export function gitlab(options: { issuer?: string } = {}): OidcProviderDefinition {
  return oidcProvider({
    id: 'gitlab',
    name: 'GitLab',
    issuer: options.issuer ?? 'https://gitlab.com',
    scopes: ['openid', 'profile', 'email'],
    pkce: true,
    clientAuthentication: 'client_secret_post',
    claimNames: { username: 'nickname' },
  });
}
