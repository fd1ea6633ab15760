import { defineOAuth2Provider } from '../define-provider.js';
import { record, subjectOf, text } from '../provider-definition.js';

/** Spotify: plain OAuth 2.0 with PKCE; Spotify does not say whether the address was verified. */
export const spotify = defineOAuth2Provider({
  id: 'spotify',
  name: 'Spotify',
  issuer: 'https://accounts.spotify.com',
  authorizationEndpoint: 'https://accounts.spotify.com/authorize',
  tokenEndpoint: 'https://accounts.spotify.com/api/token',
  apiBase: 'https://api.spotify.com/v1/',
  returnsEmail: true,
  scopes: ['user-read-email', 'user-read-private'],
  pkce: true,
  clientAuthentication: 'client_secret_basic',
  responseMode: 'query',
  async readProfile({ issuer, getJson }) {
    const me = record(await getJson('me'));
    const images = Array.isArray(me.images) ? me.images.map(record) : [];
    return {
      subject: subjectOf(me.id),
      issuer,
      email: text(me.email),
      emailVerified: false,
      displayName: text(me.display_name),
      avatarUrl: text(images[0]?.url),
      preferredUsername: text(me.display_name),
    };
  },
});
