import { record, text } from '../provider-definition.js';
import { defineOidcProvider } from '../define-provider.js';
import { profileFromClaims } from './oidc-provider.js';

/** The name Apple sends once, in the `user` field of the first form_post, as JSON. */
function firstPostName(parameters: URLSearchParams): string | null {
  const raw = parameters.get('user');
  if (!raw || raw.length > 2048) return null;
  try {
    const name = record(record(JSON.parse(raw)).name);
    const full = [text(name.firstName), text(name.lastName)].filter(Boolean).join(' ');
    return full.length > 0 ? full.slice(0, 200) : null;
  } catch {
    return null;
  }
}

/**
 * Sign in with Apple: `response_mode=form_post`, the id_token as the only profile, a client secret
 * that is an ES256 JWT signed with the team's key, and the name only in the first POST.
 */
export const apple = defineOidcProvider({
  id: 'apple',
  name: 'Apple',
  issuer: 'https://appleid.apple.com',
  scopes: ['openid', 'name', 'email'],
  pkce: false,
  clientAuthentication: 'apple_es256_jwt',
  responseMode: 'form_post',
  async readProfile({ issuer, idTokenClaims: c, callbackParameters }) {
    return {
      // Apple sends `email_verified` as the string "true"; relay addresses (is_private_email) are verified by Apple too.
      ...profileFromClaims(issuer, c),
      displayName: firstPostName(callbackParameters),
      avatarUrl: null,
      preferredUsername: text(c.email)?.split('@')[0] ?? null,
    };
  },
});
