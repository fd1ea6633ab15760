import { defineOAuth2Provider } from '../define-provider.js';
import { record, subjectOf, text } from '../provider-definition.js';

/**
 * Reddit (https://github.com/reddit-archive/reddit/wiki/OAuth2): OAuth 2.0, client secret in the
 * Basic header, `duration=temporary`, scope `identity`. `GET /api/v1/me` on oauth.reddit.com gives
 * `id` and `name`, never an address: an account from Reddit has no e-mail. No PKCE: the OAuth2
 * wiki's authorization request has no `code_challenge`, and Better Auth's and arctic's Reddit
 * providers send none.
 */
export const reddit = defineOAuth2Provider({
  id: 'reddit',
  name: 'Reddit',
  issuer: 'https://www.reddit.com',
  authorizationEndpoint: 'https://www.reddit.com/api/v1/authorize',
  tokenEndpoint: 'https://www.reddit.com/api/v1/access_token',
  apiBase: 'https://oauth.reddit.com/',
  scopes: ['identity'],
  pkce: false,
  returnsEmail: false,
  clientAuthentication: 'client_secret_basic',
  authorizationParameters: { duration: 'temporary' },
  async readProfile({ issuer, getJson }) {
    const me = record(await getJson('api/v1/me'));
    // Reddit's `icon_img` carries HTML entities (`&amp;`) in its query.
    const icon = text(me.icon_img)?.replace(/&amp;/g, '&') ?? null;
    return {
      subject: subjectOf(me.id),
      issuer,
      email: null,
      emailVerified: false,
      displayName: text(me.name),
      avatarUrl: icon,
      preferredUsername: text(me.name),
    };
  },
});
