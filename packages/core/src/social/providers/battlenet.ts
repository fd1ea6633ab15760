import { subjectOf, text, type OidcProviderDefinition } from '../provider-definition.js';
import { defineOidcProvider } from '../define-provider.js';

/** Battle.net (OpenID Connect, `region` picks the issuer): no e-mail ever; the battletag names the account. */
export function battlenet(options: { issuer?: string } = {}): OidcProviderDefinition {
  return defineOidcProvider({
    id: 'battlenet',
    name: 'Battle.net',
    issuer: options.issuer ?? 'https://oauth.battle.net',
    returnsEmail: false,
    scopes: ['openid'],
    pkce: false,
    clientAuthentication: 'client_secret_basic',
    async readProfile({ issuer, idTokenClaims: c, userInfo }) {
      const battletag = text(c.battle_tag) ?? text((await userInfo()).battletag);
      return {
        subject: subjectOf(c.sub),
        issuer,
        email: null,
        emailVerified: false,
        displayName: battletag,
        avatarUrl: null,
        preferredUsername: battletag?.split('#')[0] ?? null,
      };
    },
  });
}
