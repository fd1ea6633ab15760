import { describe, expect, it } from 'vitest';
import { decodeClaims, decodeHeader, forgeToken, tamperPayload } from './forge-token.js';
import { newUser } from './http-client.js';
import { SUITE_SECRETS, type StartServer } from './server-under-test.js';
import { APP_ORIGIN, cookieSet, EVIL_ORIGIN, expectCleared, FROM_APP, REFRESH, setCookies } from './session-cookie-answers.js';
import { useServer, type SuiteServer } from './suite-setup.js';

const COOKIE_MODE = { cookies: { enabled: true, trustedOrigins: [APP_ORIGIN] } };
const now = () => Math.floor(Date.now() / 1000);

async function signUp(s: SuiteServer) {
  const input = newUser('cookie');
  const res = await s.api('POST', '/api/v1/auth/register', { body: input, headers: FROM_APP });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { input, accessToken: res.body.accessToken as string, refresh: cookieSet(res, REFRESH)!.value };
}

const refreshWith = (s: SuiteServer, cookie: string | undefined, headers: Record<string, string> = FROM_APP) =>
  s.api('POST', '/api/v1/auth/refresh-token', {
    headers: { ...headers, ...(cookie === undefined ? {} : { cookie: `${REFRESH}=${cookie}` }) },
  });

/**
 * Cookie mode (CONTRACT §9, docs/browser-sessions.md): the refresh token in an HttpOnly, Secure,
 * SameSite=Strict cookie scoped to the auth routes, requests it authenticates checked for their
 * origin (CSRF), and every refusal of the cookie clearing it.
 */
export function cookieSessionSuite(start: StartServer): void {
  describe('cookie mode: the refresh token in an HttpOnly cookie', () => {
    const s = useServer(start, { config: COOKIE_MODE });

    it('login sets __Secure-gatehouse-refresh (HttpOnly, Secure, SameSite=Strict, Path=/api/v1/auth) and leaves it out of the body', async () => {
      const { input } = await signUp(s);
      const res = await s.api('POST', '/api/v1/auth/login', { body: { email: input.email, password: input.password }, headers: FROM_APP });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ accessToken: expect.any(String), user: expect.objectContaining({ email: input.email }) });
      expect(res.headers.get('cache-control')).toBe('no-store');
      const cookie = cookieSet(res, REFRESH)!;
      expect(decodeHeader(cookie.value)).toEqual({ alg: 'HS256', typ: 'rt+jwt' });
      expect(cookie.attributes).toEqual(['Path=/api/v1/auth', `Max-Age=${7 * 86_400}`, 'HttpOnly', 'Secure', 'SameSite=Strict']);
      expect(setCookies(res)).toHaveLength(1);
    });

    it('register sets the cookie too, and the body carries only the access token', async () => {
      const res = await s.api('POST', '/api/v1/auth/register', { body: newUser('cookie'), headers: FROM_APP });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(['accessToken', 'message', 'user']);
      expect(cookieSet(res, REFRESH)?.value).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    });

    it('refresh-token reads the cookie, rotates it, and a reused cookie is 401 REFRESH_TOKEN_REUSED with the cookie cleared', async () => {
      const { refresh } = await signUp(s);
      const first = await refreshWith(s, refresh);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ accessToken: expect.any(String) });
      const next = cookieSet(first, REFRESH)!.value;
      expect(next).not.toBe(refresh);
      const reused = await refreshWith(s, refresh);
      expect(reused.status).toBe(401);
      expect(reused.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: 'REFRESH_TOKEN_REUSED' });
      expectCleared(reused);
    });

    it('a cookie request without Origin passes only with Sec-Fetch-Site: same-origin (Origin: null too)', async () => {
      const { refresh } = await signUp(s);
      const sameOrigin = await refreshWith(s, refresh, { 'sec-fetch-site': 'same-origin' });
      expect(sameOrigin.status).toBe(200);
      const nullOrigin = await refreshWith(s, cookieSet(sameOrigin, REFRESH)!.value, { origin: 'null', 'sec-fetch-site': 'same-origin' });
      expect(nullOrigin.status).toBe(200);
      const current = cookieSet(nullOrigin, REFRESH)!.value;
      const refused: Array<Record<string, string>> = [
        {},
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        { origin: 'null' },
      ];
      for (const headers of refused) {
        const res = await refreshWith(s, current, headers);
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ statusCode: 403, error: 'Forbidden', code: 'CSRF_REJECTED' });
      }
      expect((await refreshWith(s, current)).status).toBe(200);
    });

    it('refuses a cookie request from another origin with 403 CSRF_REJECTED, sets no cookie, and leaves the session usable', async () => {
      const { refresh } = await signUp(s);
      for (const path of ['/api/v1/auth/refresh-token', '/api/v1/auth/logout']) {
        const res = await s.api('POST', path, {
          headers: { origin: EVIL_ORIGIN, 'sec-fetch-site': 'cross-site', cookie: `${REFRESH}=${refresh}` },
        });
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ statusCode: 403, code: 'CSRF_REJECTED' });
        expect(setCookies(res)).toEqual([]);
      }
      expect((await refreshWith(s, refresh)).status).toBe(200);
    });

    it('answers 401 with the cookie cleared for a missing, malformed, forged, tampered or expired cookie', async () => {
      const { refresh } = await signUp(s);
      const claims = decodeClaims(refresh);
      const cases: Array<[string | undefined, string]> = [
        [undefined, 'SESSION_COOKIE_MISSING'],
        ['not-a-token', 'TOKEN_INVALID'],
        [await forgeToken('another-secret-that-is-long-enough-0123456789', claims, { typ: 'rt+jwt' }), 'TOKEN_INVALID'],
        [tamperPayload(refresh, (c) => ({ ...c, sub: 'someone-else' })), 'TOKEN_INVALID'],
        [
          await forgeToken(SUITE_SECRETS.JWT_REFRESH_SECRET, { ...claims, iat: now() - 7200, exp: now() - 1 }, { typ: 'rt+jwt' }),
          'TOKEN_EXPIRED',
        ],
      ];
      for (const [cookie, code] of cases) {
        const res = await refreshWith(s, cookie);
        expect(res.status, code).toBe(401);
        expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', code });
        expectCleared(res);
      }
    });

    it('refuses two refresh cookies in one request (one planted) with 401 TOKEN_INVALID', async () => {
      const { refresh } = await signUp(s);
      const res = await s.api('POST', '/api/v1/auth/refresh-token', {
        headers: { ...FROM_APP, cookie: `${REFRESH}=${refresh}; ${REFRESH}=${refresh}` },
      });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'TOKEN_INVALID' });
    });

    it('logout reads the cookie, ends the session and clears the cookie', async () => {
      const { refresh } = await signUp(s);
      const res = await s.api('POST', '/api/v1/auth/logout', { headers: { ...FROM_APP, cookie: `${REFRESH}=${refresh}` } });
      expect(res.status).toBe(204);
      expectCleared(res);
      expect((await refreshWith(s, refresh)).status).toBe(401);
    });

    it('logout-all (bearer) clears the cookie and ends every session', async () => {
      const { refresh, accessToken } = await signUp(s);
      const res = await s.api('POST', '/api/v1/auth/logout-all', { token: accessToken, headers: FROM_APP });
      expect(res.status).toBe(204);
      expectCleared(res);
      expect((await refreshWith(s, refresh)).status).toBe(401);
    });

    it('refuses a browser sign-in from another origin (login CSRF) and lets a client without Origin sign in', async () => {
      const { input } = await signUp(s);
      const body = { email: input.email, password: input.password };
      const forged = await s.api('POST', '/api/v1/auth/login', { body, headers: { origin: EVIL_ORIGIN } });
      expect(forged.status).toBe(403);
      expect(forged.body).toMatchObject({ code: 'CSRF_REJECTED' });
      expect(setCookies(forged)).toEqual([]);
      const crossSite = await s.api('POST', '/api/v1/auth/register', {
        body: newUser('cookie'),
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.status).toBe(403);
      const native = await s.api('POST', '/api/v1/auth/login', { body });
      expect(native.status).toBe(200);
      expect(cookieSet(native, REFRESH)).toBeDefined();
    });

    it('takes a refresh token in the body as before, answering with the cookie', async () => {
      const { refresh } = await signUp(s);
      const res = await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: refresh } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ accessToken: expect.any(String) });
      expect(cookieSet(res, REFRESH)?.value).toMatch(/\./);
    });

    it('leaves bearer requests alone whatever their origin', async () => {
      const { accessToken } = await signUp(s);
      const res = await s.api('POST', '/api/v1/auth/verify-token', {
        token: accessToken,
        headers: { origin: EVIL_ORIGIN, 'sec-fetch-site': 'cross-site' },
      });
      expect(res.status).toBe(200);
    });
  });

  describe('cookie mode for server-rendered apps (serverReadable)', () => {
    const s = useServer(start, { config: { cookies: { ...COOKIE_MODE.cookies, serverReadable: true } } });

    it('login sets __Host- refresh and access cookies at Path=/, and logout clears both', async () => {
      const input = newUser('ssr');
      const res = await s.api('POST', '/api/v1/auth/register', { body: input, headers: FROM_APP });
      expect(res.status).toBe(201);
      const refresh = cookieSet(res, '__Host-gatehouse-refresh')!;
      const access = cookieSet(res, '__Host-gatehouse-access')!;
      expect(refresh.attributes).toEqual(['Path=/', `Max-Age=${7 * 86_400}`, 'HttpOnly', 'Secure', 'SameSite=Strict']);
      expect(access.value).toBe(res.body.accessToken);
      expect(access.attributes).toEqual(['Path=/', 'Max-Age=3600', 'HttpOnly', 'Secure', 'SameSite=Lax']);
      const out = await s.api('POST', '/api/v1/auth/logout', {
        headers: { ...FROM_APP, cookie: `__Host-gatehouse-refresh=${refresh.value}` },
      });
      expect(out.status).toBe(204);
      expectCleared(out, '__Host-gatehouse-refresh');
      expectCleared(out, '__Host-gatehouse-access');
    });
  });
}
