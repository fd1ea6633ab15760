import { isAuthError, type AccessTokenPayload, type Auth, type RequestContext } from '@gatehousejs/core';
import { clearSessionCookies, readTokenCookie, refreshCookieScope, SESSION_COOKIE_NAMES, sessionCookies } from './session-cookies.js';

/** Headers as a server framework hands them: a `Headers`, Next.js's `headers()`, or a request's. */
export interface HeaderSource {
  get(name: string): string | null;
}

/** What `getSessionUser` found: the user (or `null`) and the `Set-Cookie` values to answer with. */
export interface SessionUser {
  user: AccessTokenPayload<string> | null;
  /**
   * Forward these on the response (`headers.append('Set-Cookie', value)`): a refresh rotated the
   * cookies, or a refused session clears them. Empty when nothing changed.
   */
  setCookies: string[];
}

export interface SessionUserOptions {
  /**
   * `false`: read the access cookie only, never refresh (a server component, which cannot set the
   * rotated cookies; the middleware refreshes). Default `true`.
   */
  refresh?: boolean;
  /** The caller for core (client address, request id), for rate limits and audit events of the refresh. */
  client?: RequestContext;
}

const refused = (error: unknown) => isAuthError(error) && error.status === 401;

/**
 * The signed-in user of a request to a server-rendered page, read from the session cookies of
 * cookie mode with `cookies.serverReadable` (both at Path=/): the access-token cookie when it is
 * still good, else a transparent refresh through the refresh cookie, whose new cookies the caller
 * forwards. `null` when signed out (a refused session also clears its cookies). Only for reading
 * who is there: a handler that changes state checks the request's origin too (docs/browser-sessions.md).
 *
 * @example
 * const { user, setCookies } = await getSessionUser(auth, request.headers);
 * const response = user ? new Response(`Hello ${user.email}`) : Response.redirect(new URL('/login', request.url));
 * for (const cookie of setCookies) response.headers.append('Set-Cookie', cookie);
 */
export async function getSessionUser(auth: Auth<string>, headers: HeaderSource, options: SessionUserOptions = {}): Promise<SessionUser> {
  const cookie = headers.get('cookie') ?? undefined;
  const access = readTokenCookie(cookie, SESSION_COOKIE_NAMES.access);
  if (typeof access === 'string') {
    try {
      return { user: await auth.verifyAccessToken(access), setCookies: [] };
    } catch (error) {
      if (!refused(error)) throw error; // expired: try the refresh cookie
    }
  }
  const refreshToken = readTokenCookie(cookie, refreshCookieScope(auth.config.cookies).name);
  if (options.refresh === false) return { user: null, setCookies: [] };
  if (typeof refreshToken !== 'string') {
    return { user: null, setCookies: access === undefined && refreshToken === undefined ? [] : clearSessionCookies(auth.config) };
  }
  try {
    const pair = await auth.refresh({ refreshToken }, options.client);
    return { user: await auth.verifyAccessToken(pair.accessToken), setCookies: sessionCookies(auth.config, pair) };
  } catch (error) {
    if (!refused(error)) throw error;
    return { user: null, setCookies: clearSessionCookies(auth.config) };
  }
}
