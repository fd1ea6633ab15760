import { AuthError, isAuthError, type Auth } from '@gatehousejs/core';
import type { RouteInput, RouteResult } from '../routes/route.js';
import { clearRefreshCookie, clearSessionCookies, readTokenCookie, refreshCookieScope, sessionCookies } from './session-cookies.js';
import { assertTrustedOrigin, isTrustedCookieRequest, isTrustedSignInRequest } from './trusted-origin.js';

interface TokenPairBody {
  accessToken: string;
  refreshToken: string;
}

const carriesPair = (body: unknown): body is TokenPairBody & Record<string, unknown> =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as TokenPairBody).refreshToken === 'string' &&
  typeof (body as TokenPairBody).accessToken === 'string';

/**
 * Whether this request is served in cookie mode: always under `cookies.enabled: true`; under
 * `'auto'` when it asks with `Gatehouse-Session: cookie` (a browser's client), so API clients that
 * send no such header keep the tokens in the bodies exactly as without cookies; never under `false`.
 * Every rule of cookie mode (cookies set, read and cleared, the origin checks) asks here.
 */
export function usesCookies(auth: Auth<string>, input: Pick<RouteInput, 'sessionMode'>): boolean {
  const { enabled } = auth.config.cookies;
  return enabled === 'auto' ? input.sessionMode?.trim().toLowerCase() === 'cookie' : enabled;
}

/**
 * The answer of a route that issues a token pair (login, register, refresh, the social exchange,
 * MFA verification): in cookie mode the refresh token leaves the body for the session cookies;
 * otherwise the body is answered as it is. Every route that signs someone in answers through it.
 *
 * @example
 * handle: async (auth, input) => sessionAnswer(auth, input, 200, await auth.login(input.body, input.client)),
 */
export function sessionAnswer(
  auth: Auth<string>,
  input: RouteInput,
  status: number,
  body: unknown,
  headers?: Record<string, string>,
): RouteResult {
  if (!usesCookies(auth, input) || !carriesPair(body)) return headers ? { status, body, headers } : { status, body };
  const { refreshToken: _inCookie, ...rest } = body;
  // A cookie the route sets besides (the social exchange clears its state cookie) joins the list.
  const { 'Set-Cookie': other, ...plain } = headers ?? {};
  const cookies = [...sessionCookies(auth.config, body), ...(other === undefined ? [] : [other])];
  return { status, body: rest, headers: { ...plain, 'Cache-Control': 'no-store' }, cookies };
}

/**
 * In cookie mode, refuses with 403 `CSRF_REJECTED` a browser's sign-in from an origin the app does
 * not trust, before any work is done: no other site may sign a visitor into an account it chose.
 */
export function assertSignInOrigin(auth: Auth<string>, input: RouteInput): void {
  if (usesCookies(auth, input)) assertTrustedOrigin(isTrustedSignInRequest(input, auth.config.cookies.trustedOrigins));
}

/** The answer of a route that ends sessions: in cookie mode the session cookies are cleared too. */
export function endedSessionAnswer(auth: Auth<string>, input: RouteInput): RouteResult {
  return usesCookies(auth, input) ? { status: 204, cookies: clearSessionCookies(auth.config) } : { status: 204 };
}

/** The body and whether the refresh token came from the cookie. */
export interface RefreshCredential {
  body: unknown;
  fromCookie: boolean;
}

const refusal = (auth: Auth<string>, code: 'SESSION_COOKIE_MISSING' | 'TOKEN_INVALID') =>
  new AuthError(code, undefined, undefined, { headers: { 'Set-Cookie': clearRefreshCookie(auth.config) } });

const bodyNamesToken = (body: unknown) => typeof body === 'object' && body !== null && 'refreshToken' in body;

/**
 * The refresh token of refresh-token and logout: the body's, or in cookie mode the cookie's when the
 * body has none. A request the cookie authenticates must come from a trusted origin (403
 * `CSRF_REJECTED`, no cookie touched); a missing cookie is 401 `SESSION_COOKIE_MISSING` and a
 * malformed or doubled one 401 `TOKEN_INVALID`, both clearing it.
 */
export function refreshCredential(auth: Auth<string>, input: RouteInput): RefreshCredential {
  const { cookies } = auth.config;
  if (!usesCookies(auth, input)) return { body: input.body, fromCookie: false };
  if (bodyNamesToken(input.body)) {
    assertTrustedOrigin(isTrustedSignInRequest(input, cookies.trustedOrigins));
    return { body: input.body, fromCookie: false };
  }
  assertTrustedOrigin(isTrustedCookieRequest(input, cookies.trustedOrigins));
  const value = readTokenCookie(input.cookie, refreshCookieScope(cookies).name);
  if (value === undefined) throw refusal(auth, 'SESSION_COOKIE_MISSING');
  if (value === null) throw refusal(auth, 'TOKEN_INVALID');
  return { body: { refreshToken: value }, fromCookie: true };
}

/**
 * Runs `work` with a refresh token from the cookie: a 401 (forged, expired, reused, revoked) answers
 * with the cookie cleared, so the browser stops sending what will never work again.
 */
export async function clearingOnRefusal<T>(auth: Auth<string>, credential: RefreshCredential, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!credential.fromCookie || !isAuthError(error) || error.status !== 401) throw error;
    const headers = { ...error.headers, 'Set-Cookie': clearRefreshCookie(auth.config) };
    throw new AuthError(error.code, error.message, undefined, { headers });
  }
}
