import { AuthError } from '../errors/auth-error.js';

const MAX_REDIRECT_URI_LENGTH = 2048;

function refuse(reason: string): AuthError {
  return new AuthError('VALIDATION_FAILED', `Validation failed: redirect_uri ${reason}.`, [{ path: 'redirect_uri', message: reason }]);
}

const originAndPath = (u: URL) => `${u.origin}${u.pathname}`;

/**
 * The front-end URL a sign-in returns to, if it is on the allow-list: equal to an entry after URL
 * parsing (origin and path, so no prefix match, `https://app.example.com.evil.test/` or
 * `https://app.example.com/cb/../x` do not pass), http(s) only, no userinfo, no query or fragment.
 * Returns the normalized URL, which is what the browser is later sent to, never the raw input.
 */
export function allowedRedirectUri(value: unknown, allowlist: readonly string[]): string {
  if (typeof value !== 'string' || value.length === 0) throw refuse('is required');
  if (value.length > MAX_REDIRECT_URI_LENGTH) throw refuse(`must be at most ${MAX_REDIRECT_URI_LENGTH} characters`);
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw refuse('must be an absolute URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw refuse('must be an http(s) URL');
  if (parsed.username !== '' || parsed.password !== '') throw refuse('must not carry credentials');
  if (value.includes('?') || value.includes('#')) throw refuse('must not carry a query or fragment');
  const wanted = originAndPath(parsed);
  const allowed = allowlist.some((entry) => originAndPath(new URL(entry)) === wanted);
  if (!allowed) throw refuse('is not an allowed redirect URI');
  return wanted;
}
