import { defineOAuth2Provider } from '../define-provider.js';
import { ProviderAnswerError, record, subjectOf, text } from '../provider-definition.js';

/** The `primary && verified` entry of `/user/emails`; GitHub's `/user` e-mail is only the public one. */
function primaryVerified(emails: unknown): string | null {
  if (!Array.isArray(emails)) throw new ProviderAnswerError('GitHub /user/emails did not answer a list');
  const entry = emails.map(record).find((e) => e.primary === true && e.verified === true);
  return entry ? text(entry.email) : null;
}

/** GitHub OAuth app: plain OAuth 2.0 (PKCE accepted); the numeric `id` is the subject, never the login. */
export const github = defineOAuth2Provider({
  id: 'github',
  name: 'GitHub',
  issuer: 'https://github.com',
  authorizationEndpoint: 'https://github.com/login/oauth/authorize',
  tokenEndpoint: 'https://github.com/login/oauth/access_token',
  apiBase: 'https://api.github.com/',
  returnsEmail: true,
  scopes: ['read:user', 'user:email'],
  pkce: true,
  clientAuthentication: 'client_secret_post',
  responseMode: 'query',
  async readProfile({ issuer, getJson }) {
    const user = record(await getJson('user'));
    const email = primaryVerified(await getJson('user/emails'));
    return {
      subject: subjectOf(user.id),
      issuer,
      email,
      emailVerified: email !== null,
      displayName: text(user.name) ?? text(user.login),
      avatarUrl: text(user.avatar_url),
      preferredUsername: text(user.login),
    };
  },
});
