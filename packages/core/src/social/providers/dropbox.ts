import { defineOAuth2Provider } from '../define-provider.js';
import { record, subjectOf, text } from '../provider-definition.js';

/**
 * Dropbox (https://developers.dropbox.com/oauth-guide): OAuth 2.0 with PKCE, client secret in the
 * Basic header, scope `account_info.read`. The profile is an RPC call, a POST with the JSON body
 * `null` (https://www.dropbox.com/developers/documentation/http/documentation#users-get_current_account),
 * answering `account_id`, `name`, `email` and `email_verified`.
 */
export const dropbox = defineOAuth2Provider({
  id: 'dropbox',
  name: 'Dropbox',
  issuer: 'https://www.dropbox.com',
  authorizationEndpoint: 'https://www.dropbox.com/oauth2/authorize',
  tokenEndpoint: 'https://api.dropboxapi.com/oauth2/token',
  apiBase: 'https://api.dropboxapi.com/2/',
  scopes: ['account_info.read'],
  clientAuthentication: 'client_secret_basic',
  authorizationParameters: { token_access_type: 'online' },
  async readProfile({ issuer, postJson }) {
    const account = record(await postJson('users/get_current_account', null));
    const name = record(account.name);
    return {
      subject: subjectOf(account.account_id),
      issuer,
      email: text(account.email),
      emailVerified: account.email_verified === true,
      displayName: text(name.display_name),
      avatarUrl: text(account.profile_photo_url),
      preferredUsername: text(name.familiar_name) ?? text(name.given_name),
    };
  },
});
