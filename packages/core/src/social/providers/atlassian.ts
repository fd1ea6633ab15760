import { defineOAuth2Provider } from '../define-provider.js';
import { record, subjectOf, text } from '../provider-definition.js';

/**
 * Atlassian (OAuth 2.0 3LO, https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/):
 * `audience=api.atlassian.com` and `prompt=consent` on the authorization request, client secret in
 * the form, scope `read:me`. `GET /me` on api.atlassian.com gives `account_id`, `email`, `name`,
 * `picture`, `nickname` and no verification flag: the User Identity API's documented answer
 * (https://developer.atlassian.com/cloud/oauth/getting-started/faq/, "User Identity API") has no
 * `email_verified`, so the address counts as unverified, as Better Auth's Atlassian provider has it.
 * No PKCE: the 3LO authorization URL takes `audience`, `client_id`, `scope`, `redirect_uri`,
 * `state`, `response_type` and `prompt`, no `code_challenge`; arctic's Atlassian provider sends none.
 */
export const atlassian = defineOAuth2Provider({
  id: 'atlassian',
  name: 'Atlassian',
  issuer: 'https://auth.atlassian.com',
  authorizationEndpoint: 'https://auth.atlassian.com/authorize',
  tokenEndpoint: 'https://auth.atlassian.com/oauth/token',
  apiBase: 'https://api.atlassian.com/',
  scopes: ['read:me', 'read:account'],
  pkce: false,
  clientAuthentication: 'client_secret_post',
  authorizationParameters: { audience: 'api.atlassian.com', prompt: 'consent' },
  async readProfile({ issuer, getJson }) {
    const me = record(await getJson('me'));
    return {
      subject: subjectOf(me.account_id),
      issuer,
      email: text(me.email),
      emailVerified: false,
      displayName: text(me.name),
      avatarUrl: text(me.picture),
      preferredUsername: text(me.nickname),
    };
  },
});
