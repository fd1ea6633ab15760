import { defineOAuth2Provider } from '../define-provider.js';
import { record, subjectOf, text } from '../provider-definition.js';

/**
 * Notion (https://developers.notion.com/docs/authorization): OAuth 2.0, client secret in the Basic
 * header, `owner=user` on the authorization request. The token answer itself names the person who
 * authorized (`owner.user`, with `person.email`); Notion does not say the address was verified.
 */
export const notion = defineOAuth2Provider({
  id: 'notion',
  name: 'Notion',
  issuer: 'https://api.notion.com',
  authorizationEndpoint: 'https://api.notion.com/v1/oauth/authorize',
  tokenEndpoint: 'https://api.notion.com/v1/oauth/token',
  apiBase: 'https://api.notion.com/v1/',
  scopes: [],
  pkce: false,
  clientAuthentication: 'client_secret_basic',
  authorizationParameters: { owner: 'user' },
  async readProfile({ issuer, tokenResponse }) {
    const user = record(record(tokenResponse.owner).user);
    return {
      subject: subjectOf(user.id),
      issuer,
      email: text(record(user.person).email),
      emailVerified: false,
      displayName: text(user.name),
      avatarUrl: text(user.avatar_url),
      preferredUsername: text(user.name),
    };
  },
});
