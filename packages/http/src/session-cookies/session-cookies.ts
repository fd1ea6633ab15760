import type { AuthConfig } from '@gatehousejs/core';

/** Where the auth routes are mounted (CONTRACT §1): the refresh cookie is only sent there. */
export const AUTH_COOKIE_PATH = '/api/v1/auth';

/**
 * The request header a browser client sends to ask for cookie mode where it is `'auto'`
 * (`Gatehouse-Session: cookie`). Not a CORS-safelisted header: a form of another site cannot send
 * it, and a page of another origin must pass a preflight that only the listed origins pass.
 */
export const SESSION_MODE_HEADER = 'gatehouse-session';

/**
 * The cookies' names. `__Secure-` makes a browser refuse the cookie unless it is Secure and set by
 * a secure origin (HTTPS, or http://localhost in Chromium and Firefox). `__Host-` also forbids a
 * Domain and needs Path=/, so it only fits the server-readable cookies: a sibling subdomain cannot
 * plant one of those.
 */
export const SESSION_COOKIE_NAMES = Object.freeze({
  refresh: '__Secure-gatehouse-refresh',
  serverRefresh: '__Host-gatehouse-refresh',
  access: '__Host-gatehouse-access',
});

type CookieSettings = AuthConfig['cookies'];

/** The refresh cookie's name and path under these settings. */
export function refreshCookieScope(settings: CookieSettings): { name: string; path: string } {
  return settings.serverReadable
    ? { name: SESSION_COOKIE_NAMES.serverRefresh, path: '/' }
    : { name: SESSION_COOKIE_NAMES.refresh, path: AUTH_COOKIE_PATH };
}

const cookie = (name: string, value: string, path: string, sameSite: 'Strict' | 'Lax', maxAgeSeconds: number) =>
  `${name}=${value}; Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=${sameSite}`;

/**
 * The `Set-Cookie` values that hand a new token pair to the browser: the refresh cookie (HttpOnly,
 * Secure, SameSite=Strict, for the refresh token's idle lifetime), and under `serverReadable` the
 * access token too (SameSite=Lax, so a page opened from a link elsewhere renders signed in; no API
 * route takes it as a credential).
 */
export function sessionCookies(config: AuthConfig, pair: { accessToken: string; refreshToken: string }): string[] {
  const { name, path } = refreshCookieScope(config.cookies);
  const cookies = [cookie(name, pair.refreshToken, path, 'Strict', config.refreshTokenTtl)];
  if (config.cookies.serverReadable) cookies.push(cookie(SESSION_COOKIE_NAMES.access, pair.accessToken, '/', 'Lax', config.accessTokenTtl));
  return cookies;
}

/** The refresh cookie, expired: what logout and a refused cookie answer with. */
export function clearRefreshCookie(config: AuthConfig): string {
  const { name, path } = refreshCookieScope(config.cookies);
  return cookie(name, '', path, 'Strict', 0);
}

/** Every session cookie, expired (logout, logout-all, a deleted account). */
export function clearSessionCookies(config: AuthConfig): string[] {
  const cleared = [clearRefreshCookie(config)];
  if (config.cookies.serverReadable) cleared.push(cookie(SESSION_COOKIE_NAMES.access, '', '/', 'Lax', 0));
  return cleared;
}

// A JWT: three base64url parts. Anything else in the cookie is not ours.
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * The value of cookie `name` in a `Cookie` header: `undefined` when absent; `null` when present but
 * not one token-shaped value (two cookies of the name, planted from a sibling subdomain, are not
 * chosen between).
 */
export function readTokenCookie(header: string | undefined, name: string): string | null | undefined {
  if (!header) return undefined;
  const values: string[] = [];
  for (const part of header.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(`${name}=`)) values.push(trimmed.slice(name.length + 1));
  }
  if (values.length === 0) return undefined;
  return values.length === 1 && values[0]!.length <= 4096 && JWT_SHAPE.test(values[0]!) ? values[0]! : null;
}
