import { defineOAuth2Provider } from '../define-provider.js';
import { record, subjectOf, text } from '../provider-definition.js';

/** X (Twitter) OAuth 2.0 with PKCE; the address comes as `confirmed_email` (scope `users.email`). */
export const x = defineOAuth2Provider({
  id: 'x',
  name: 'X',
  issuer: 'https://x.com',
  authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
  tokenEndpoint: 'https://api.x.com/2/oauth2/token',
  apiBase: 'https://api.x.com/2/',
  returnsEmail: true,
  scopes: ['users.read', 'tweet.read', 'users.email'],
  pkce: true,
  clientAuthentication: 'client_secret_basic',
  responseMode: 'query',
  async readProfile({ issuer, getJson }) {
    const user = record(record(await getJson('users/me?user.fields=confirmed_email,profile_image_url')).data);
    const email = text(user.confirmed_email);
    return {
      subject: subjectOf(user.id),
      issuer,
      email,
      // X only returns an address its owner confirmed.
      emailVerified: email !== null,
      displayName: text(user.name),
      avatarUrl: text(user.profile_image_url),
      preferredUsername: text(user.username),
    };
  },
});
