import { createFakeClock } from '@gatehousejs/core/testing';
import { createClient, type Api, type ServerUnderTest } from '@gatehousejs/http/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalOidcProvider } from './local-oidc-provider.js';
import type { StartExampleServer } from './social-suite.js';
import { TestBrowser } from './test-browser.js';

/** The app's public URL in these cases: HTTPS, as in production. */
export const HTTPS_APP_URL = 'https://app.example.test';
const FRONT = `${HTTPS_APP_URL}/`;
const AUTH_REQUESTS_LIMIT = 6;

/**
 * What needs a server of its own: `APP_URL` on HTTPS (the state cookie's `__Host-` prefix and
 * `Secure`), the per-client limit of the public auth routes switched on, and a clock the test moves
 * (an exchange code's 60 seconds, without waiting them). Signs in at the generic OIDC provider.
 */
export function describeSocialHardening(start: StartExampleServer, baseEnv: Record<string, string>, op: () => LocalOidcProvider): void {
  describe('over HTTPS, with the rate limit on and a clock the test moves', () => {
    const clock = createFakeClock(new Date());
    let server: ServerUnderTest;
    let api: Api;
    let sequence = 0;

    beforeAll(async () => {
      server = await start(
        {
          ...baseEnv,
          APP_URL: HTTPS_APP_URL,
          RATE_LIMIT_ENABLED: 'true',
          RATE_LIMIT_AUTH_REQUESTS: `${AUTH_REQUESTS_LIMIT}/15m`,
          // The rate-limit case speaks for a client of its own through X-Forwarded-For.
          TRUST_PROXY: 'loopback',
          OIDC_ISSUER: op().issuer,
          OIDC_CLIENT_ID: op().clientId,
          OIDC_CLIENT_SECRET: op().clientSecret,
        },
        { clock },
      );
      api = createClient(server.baseUrl);
    });
    afterAll(() => server?.close());

    /** A sign-in from a client address of its own, so the cases before the rate-limit one share no count. */
    const browser = () => new TestBrowser(HTTPS_APP_URL, server.baseUrl, { 'x-forwarded-for': `198.51.100.${++sequence}` });
    const startUrl = `${HTTPS_APP_URL}/api/v1/auth/oauth/oidc?redirect_uri=${encodeURIComponent(FRONT)}`;
    async function signedInCode(): Promise<{ code: string; b: TestBrowser }> {
      op().signInAs({
        sub: `hardening-${++sequence}-${Math.random().toString(36).slice(2, 7)}`,
        email: `hard${sequence}${Date.now()}@example.com`,
        email_verified: true,
      });
      const b = browser();
      const code = (await b.navigate(startUrl)).searchParams.get('code');
      expect(code).not.toBeNull();
      return { code: code!, b };
    }
    const exchange = ({ code, b }: { code: string; b: TestBrowser }) => b.exchange(code);

    it('the state cookie is __Host- prefixed and Secure under HTTPS, and a cookie without the prefix binds nothing', async () => {
      const b = browser();
      const started = await b.request(startUrl);
      expect(started.status).toBe(302);
      expect(started.headers.get('set-cookie')).toMatch(
        /^__Host-gatehouse-oauth=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=600; Secure$/,
      );

      // A cookie a sibling subdomain could plant has no prefix: the callback finds no binding.
      op().signInAs({ sub: `planted-${++sequence}`, email: `planted${sequence}@example.com`, email_verified: true });
      let url = started.headers.get('location')!;
      while (!url.startsWith(`${HTTPS_APP_URL}/api/`)) url = new URL((await b.request(url)).headers.get('location')!, url).href;
      const key = /__Host-gatehouse-oauth=([^;]+)/.exec(b.cookieFor(url)!)![1];
      b.clearCookies(url);
      b.acceptCookie(url, `gatehouse-oauth=${key}`);
      const planted = await b.request(url);
      expect(planted.headers.get('location')).toBe(`${FRONT}?error=access_denied`);
    });

    it('exchange code expiry: a code used 59 s after the callback signs in, one used after 61 s answers 400', async () => {
      const fresh = await signedInCode();
      clock.advance(59);
      expect((await exchange(fresh)).status).toBe(200);

      const stale = await signedInCode();
      clock.advance(61);
      const late = await exchange(stale);
      expect(late.status).toBe(400);
      expect(late.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    });

    it('start, callback and exchange count against the per-client limit of the public auth routes, then answer 429 with Retry-After', async () => {
      const client = { 'x-forwarded-for': '192.0.2.77' };
      const routes = [
        () => api('GET', `/api/v1/auth/oauth/oidc?redirect_uri=${encodeURIComponent(FRONT)}`, { headers: client }),
        () => api('GET', '/api/v1/auth/oauth/oidc/callback?state=unknown-state&code=x', { headers: client }),
        () => api('POST', '/api/v1/auth/oauth/exchange', { body: { code: 'A'.repeat(43) }, headers: client }),
      ];
      // Each route counts: two of each use the allowance up (302, 400, 400 as usual) ...
      for (let round = 0; round < AUTH_REQUESTS_LIMIT / routes.length; round++) {
        const statuses = [];
        for (const route of routes) statuses.push((await route()).status);
        expect(statuses).toEqual([302, 400, 400]);
      }
      // ... and then each is refused.
      for (const route of routes) {
        const refused = await route();
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      // Another client is not affected.
      expect(
        (
          await api('GET', `/api/v1/auth/oauth/oidc?redirect_uri=${encodeURIComponent(FRONT)}`, {
            headers: { 'x-forwarded-for': '192.0.2.78' },
          })
        ).status,
      ).toBe(302);
    });
  });
}
