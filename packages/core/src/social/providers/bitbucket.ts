import { defineOAuth2Provider } from '../define-provider.js';
import { ProviderAnswerError, record, subjectOf, text } from '../provider-definition.js';

/**
 * Bitbucket Cloud (https://developer.atlassian.com/cloud/bitbucket/oauth-2/): OAuth 2.0, client
 * secret in the Basic header. `GET /2.0/user` names the account by `uuid`; the address comes from
 * `GET /2.0/user/emails`, counting only the entry that is `is_primary` and `is_confirmed`. No PKCE:
 * Bitbucket's OAuth 2.0 guide describes the authorization code grant without `code_challenge`, and
 * arctic's Bitbucket provider sends none (the secret in the Basic header, as here).
 */
export const bitbucket = defineOAuth2Provider({
  id: 'bitbucket',
  name: 'Bitbucket',
  issuer: 'https://bitbucket.org',
  authorizationEndpoint: 'https://bitbucket.org/site/oauth2/authorize',
  tokenEndpoint: 'https://bitbucket.org/site/oauth2/access_token',
  apiBase: 'https://api.bitbucket.org/2.0/',
  scopes: ['account', 'email'],
  pkce: false,
  clientAuthentication: 'client_secret_basic',
  async readProfile({ issuer, getJson }) {
    const user = record(await getJson('user'));
    const emails = record(await getJson('user/emails')).values;
    if (!Array.isArray(emails)) throw new ProviderAnswerError('Bitbucket /user/emails did not answer a list');
    const primary = emails.map(record).find((e) => e.is_primary === true && e.is_confirmed === true);
    const email = primary ? text(primary.email) : null;
    return {
      subject: subjectOf(user.uuid),
      issuer,
      email,
      emailVerified: email !== null,
      displayName: text(user.display_name),
      avatarUrl: text(record(record(user.links).avatar).href),
      preferredUsername: text(user.username) ?? text(user.nickname),
    };
  },
});
