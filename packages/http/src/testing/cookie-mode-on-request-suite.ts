import { describe, expect, it } from 'vitest';
import { newUser } from './http-client.js';
import type { StartServer } from './server-under-test.js';
import { APP_ORIGIN, cookieSet, EVIL_ORIGIN, expectCleared, FROM_APP, REFRESH, setCookies } from './session-cookie-answers.js';
import { useServer, type SuiteServer } from './suite-setup.js';

/** What the typed client in cookie mode (and the demo app) adds to every request. */
const ASKS = { 'gatehouse-session': 'cookie' };
const BROWSER = { ...FROM_APP, ...ASKS };

const register = (s: SuiteServer, headers: Record<string, string> = {}) =>
  s.api('POST', '/api/v1/auth/register', { body: newUser('auto'), headers });

/**
 * `cookies.enabled: 'auto'` (AUTH_COOKIES unset in the examples; docs/browser-sessions.md): a request
 * that sends `Gatehouse-Session: cookie` is served in cookie mode, with all its origin checks; one
 * that does not is served exactly as without cookies, so API clients keep the bodies of CONTRACT §1.
 * And `enabled: false` ignores the header.
 */
export function cookieModeOnRequestSuite(start: StartServer): void {
  describe("cookie mode 'auto': cookies for the requests that ask with Gatehouse-Session: cookie", () => {
    const s = useServer(start, { config: { cookies: { enabled: 'auto', trustedOrigins: [APP_ORIGIN] } } });

    it('without the header: the refresh token in the bodies, no cookie set, read or cleared', async () => {
      const res = await register(s, FROM_APP);
      expect(res.status).toBe(201);
      expect(res.body.refreshToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(setCookies(res)).toEqual([]);
      const refreshed = await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: res.body.refreshToken } });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
      expect(setCookies(refreshed)).toEqual([]);
      // A cookie alone is no credential without the header: the body's token is missing, as always.
      const cookieOnly = await s.api('POST', '/api/v1/auth/refresh-token', {
        headers: { ...FROM_APP, cookie: `${REFRESH}=${refreshed.body.refreshToken}` },
      });
      expect(cookieOnly.status).toBe(400);
      expect(cookieOnly.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      const out = await s.api('POST', '/api/v1/auth/logout', { body: { refreshToken: refreshed.body.refreshToken } });
      expect(out.status).toBe(204);
      expect(setCookies(out)).toEqual([]);
    });

    it('with the header: login sets the cookie and leaves it out of the body; refresh and logout read it', async () => {
      const input = newUser('auto');
      expect((await s.api('POST', '/api/v1/auth/register', { body: input })).status).toBe(201);
      const login = await s.api('POST', '/api/v1/auth/login', { body: { email: input.email, password: input.password }, headers: BROWSER });
      expect(login.status).toBe(200);
      expect(login.body).toEqual({ accessToken: expect.any(String), user: expect.objectContaining({ email: input.email }) });
      const first = cookieSet(login, REFRESH)!;
      expect(first.attributes).toEqual(['Path=/api/v1/auth', `Max-Age=${7 * 86_400}`, 'HttpOnly', 'Secure', 'SameSite=Strict']);
      const refreshed = await s.api('POST', '/api/v1/auth/refresh-token', { headers: { ...BROWSER, cookie: `${REFRESH}=${first.value}` } });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body).toEqual({ accessToken: expect.any(String) });
      const next = cookieSet(refreshed, REFRESH)!.value;
      expect(next).not.toBe(first.value);
      const missing = await s.api('POST', '/api/v1/auth/refresh-token', { headers: BROWSER });
      expect(missing.status).toBe(401);
      expect(missing.body).toMatchObject({ code: 'SESSION_COOKIE_MISSING' });
      const out = await s.api('POST', '/api/v1/auth/logout', { headers: { ...BROWSER, cookie: `${REFRESH}=${next}` } });
      expect(out.status).toBe(204);
      expectCleared(out);
      const ended = await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: next } });
      expect(ended.status).toBe(401);
    });

    it('with the header from another origin: 403 CSRF_REJECTED for sign-in, refresh and logout, and no cookie', async () => {
      const signedUp = await register(s, BROWSER);
      const refresh = cookieSet(signedUp, REFRESH)!.value;
      const foreign = { ...ASKS, origin: EVIL_ORIGIN, 'sec-fetch-site': 'cross-site' };
      const attempts = [
        s.api('POST', '/api/v1/auth/register', { body: newUser('auto'), headers: foreign }),
        s.api('POST', '/api/v1/auth/refresh-token', { headers: { ...foreign, cookie: `${REFRESH}=${refresh}` } }),
        s.api('POST', '/api/v1/auth/logout', { headers: { ...foreign, cookie: `${REFRESH}=${refresh}` } }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ statusCode: 403, error: 'Forbidden', code: 'CSRF_REJECTED' });
        expect(setCookies(res)).toEqual([]);
      }
      // The session the forged requests carried is untouched.
      const own = await s.api('POST', '/api/v1/auth/refresh-token', { headers: { ...BROWSER, cookie: `${REFRESH}=${refresh}` } });
      expect(own.status).toBe(200);
    });

    it('takes the header in any letter case, and nothing but `cookie` asks for cookies', async () => {
      expect(cookieSet(await register(s, { ...FROM_APP, 'gatehouse-session': ' Cookie ' }), REFRESH)).toBeDefined();
      const other = await register(s, { ...FROM_APP, 'gatehouse-session': 'cookies, please' });
      expect(setCookies(other)).toEqual([]);
      expect(other.body.refreshToken).toEqual(expect.any(String));
    });
  });

  describe('cookie mode off (enabled: false) ignores Gatehouse-Session', () => {
    const s = useServer(start, { config: { cookies: { enabled: false, trustedOrigins: [APP_ORIGIN] } } });

    it('answers the bodies and sets no cookie to a request that asks for cookies, from any origin', async () => {
      const own = await register(s, BROWSER);
      expect(own.status).toBe(201);
      expect(own.body.refreshToken).toEqual(expect.any(String));
      expect(setCookies(own)).toEqual([]);
      const foreign = await register(s, { ...ASKS, origin: EVIL_ORIGIN });
      expect(foreign.status).toBe(201);
      expect(setCookies(foreign)).toEqual([]);
      const cookieOnly = await s.api('POST', '/api/v1/auth/refresh-token', {
        headers: { ...BROWSER, cookie: `${REFRESH}=${own.body.refreshToken}` },
      });
      expect(cookieOnly.status).toBe(400);
    });
  });
}
