import { defineOAuth2Provider } from '../define-provider.js';
import { record, subjectOf, text } from '../provider-definition.js';

/**
 * Figma (https://developers.figma.com/docs/rest-api/authentication/): OAuth 2.0 with PKCE, client
 * secret in the Basic header, scope `current_user:read`. `GET /v1/me` gives `id`, `email`, `handle`,
 * `img_url`; Figma does not say the address was verified. The token endpoint is
 * `https://api.figma.com/v1/oauth/token`: Figma retired `https://www.figma.com/api/oauth/token` in
 * February 2025 (https://community.auth0.com/t/figma-tokenurl-migration/182728); Better Auth's Figma
 * provider uses the new one, with the secret in the Basic header and PKCE.
 */
export const figma = defineOAuth2Provider({
  id: 'figma',
  name: 'Figma',
  issuer: 'https://www.figma.com',
  authorizationEndpoint: 'https://www.figma.com/oauth',
  tokenEndpoint: 'https://api.figma.com/v1/oauth/token',
  apiBase: 'https://api.figma.com/v1/',
  scopes: ['current_user:read'],
  clientAuthentication: 'client_secret_basic',
  async readProfile({ issuer, getJson }) {
    const me = record(await getJson('me'));
    return {
      subject: subjectOf(me.id),
      issuer,
      email: text(me.email),
      emailVerified: false,
      displayName: text(me.handle),
      avatarUrl: text(me.img_url),
      preferredUsername: text(me.handle),
    };
  },
});
