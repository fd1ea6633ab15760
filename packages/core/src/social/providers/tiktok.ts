import { defineOAuth2Provider } from '../define-provider.js';
import { ProviderAnswerError, record, subjectOf, text } from '../provider-definition.js';

/**
 * TikTok Login Kit for Web (https://developers.tiktok.com/doc/login-kit-web/): OAuth 2.0 whose
 * client id is called `client_key`, in the authorization request and in the token request's form
 * with the secret. `GET /v2/user/info/?fields=…` (https://developers.tiktok.com/doc/tiktok-api-v2-get-user-info/)
 * answers `{ data: { user }, error: { code: "ok" } }`; `open_id` is the account for this app. No address.
 * Scopes are joined by commas (the Web guide: "a comma (,) separated string of authorization
 * scope(s)"; Better Auth's and arctic's TikTok providers join them so). No PKCE: the Web guide's
 * authorization request has no `code_challenge` (only Login Kit for Desktop requires one), and
 * Better Auth's TikTok provider, made for the web, sends none.
 */
export const tiktok = defineOAuth2Provider({
  id: 'tiktok',
  name: 'TikTok',
  issuer: 'https://www.tiktok.com',
  authorizationEndpoint: 'https://www.tiktok.com/v2/auth/authorize/',
  tokenEndpoint: 'https://open.tiktokapis.com/v2/oauth/token/',
  apiBase: 'https://open.tiktokapis.com/v2/',
  scopes: ['user.info.basic'],
  pkce: false,
  returnsEmail: false,
  clientAuthentication: 'client_secret_post',
  clientIdParameter: 'client_key',
  scopeSeparator: ',',
  async readProfile({ issuer, getJson }) {
    const answer = record(await getJson('user/info/?fields=open_id,union_id,avatar_url,display_name'));
    if (record(answer.error).code !== 'ok') throw new ProviderAnswerError('TikTok answered an error');
    const user = record(record(answer.data).user);
    return {
      subject: subjectOf(user.open_id),
      issuer,
      email: null,
      emailVerified: false,
      displayName: text(user.display_name),
      avatarUrl: text(user.avatar_url),
      preferredUsername: text(user.display_name),
    };
  },
});
