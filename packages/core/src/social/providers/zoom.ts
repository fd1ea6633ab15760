import { defineOAuth2Provider } from '../define-provider.js';
import { record, subjectOf, text } from '../provider-definition.js';

/**
 * Zoom (https://developers.zoom.us/docs/integrations/oauth/): OAuth 2.0 with PKCE, client secret in
 * the Basic header. `GET /v2/users/me` (https://developers.zoom.us/docs/api/users/#tag/users/GET/users/{userId})
 * gives the address and `verified`, an integer: 1 when the user is verified (Better Auth's
 * `ZoomProfile`, written from that reference, types it `verified: number`, "Example: 1", and reads
 * it as `Boolean(verified)`); anything but 1 counts as unverified.
 */
export const zoom = defineOAuth2Provider({
  id: 'zoom',
  name: 'Zoom',
  issuer: 'https://zoom.us',
  authorizationEndpoint: 'https://zoom.us/oauth/authorize',
  tokenEndpoint: 'https://zoom.us/oauth/token',
  apiBase: 'https://api.zoom.us/v2/',
  scopes: ['user:read:user'],
  clientAuthentication: 'client_secret_basic',
  async readProfile({ issuer, getJson }) {
    const me = record(await getJson('users/me'));
    const name = text(me.display_name) ?? ([text(me.first_name), text(me.last_name)].filter(Boolean).join(' ') || null);
    return {
      subject: subjectOf(me.id),
      issuer,
      email: text(me.email),
      emailVerified: me.verified === 1,
      displayName: name,
      avatarUrl: text(me.pic_url),
      preferredUsername: text(me.first_name),
    };
  },
});
