import { defineOAuth2Provider } from '../define-provider.js';
import { record, subjectOf, text } from '../provider-definition.js';

/**
 * Kakao Login (https://developers.kakao.com/docs/latest/en/kakaologin/rest-api): OAuth 2.0, client
 * secret in the form. `GET /v2/user/me` gives a numeric `id` and `kakao_account` with the address,
 * `is_email_valid` and `is_email_verified`: the address counts as verified only with both true (as
 * Better Auth's Kakao provider reads them). No PKCE: Better Auth's and arctic's Kakao providers send
 * none, and the secret goes in the form as both of theirs send it.
 */
export const kakao = defineOAuth2Provider({
  id: 'kakao',
  name: 'Kakao',
  issuer: 'https://kauth.kakao.com',
  authorizationEndpoint: 'https://kauth.kakao.com/oauth/authorize',
  tokenEndpoint: 'https://kauth.kakao.com/oauth/token',
  apiBase: 'https://kapi.kakao.com/',
  scopes: ['account_email', 'profile_nickname', 'profile_image'],
  pkce: false,
  clientAuthentication: 'client_secret_post',
  async readProfile({ issuer, getJson }) {
    const me = record(await getJson('v2/user/me'));
    const account = record(me.kakao_account);
    const profile = record(account.profile);
    return {
      subject: subjectOf(me.id),
      issuer,
      email: text(account.email),
      emailVerified: account.is_email_valid === true && account.is_email_verified === true,
      displayName: text(profile.nickname),
      avatarUrl: text(profile.profile_image_url),
      preferredUsername: text(profile.nickname),
    };
  },
});
