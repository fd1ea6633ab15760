import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CreateListener } from '@gatehousejs/example-server-kit';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPlan, browserSession, expectText, screenshotOnFailure } from './browser.js';
import { startDemoServer } from './demo-server.js';

const REFRESH_COOKIE = '__Secure-gatehouse-refresh';

/** Another origin on this machine (another port: same site, other origin), with a page of its own. */
async function startOtherOrigin(page: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * The demo app in cookie mode (docs/browser-sessions.md) in headless Chromium: the refresh token in
 * an HttpOnly cookie, the access token in the page's memory. `auto` is the example's default
 * (AUTH_COOKIES unset: the page's client asks with `Gatehouse-Session: cookie`), `always` runs it
 * with AUTH_COOKIES=true. Written once, run on every example (each one's test/e2e/cookie-sessions*).
 */
export function describeCookieSessions(framework: string, createListener: CreateListener, mode: 'auto' | 'always' = 'auto'): void {
  const chromiumCheck = browserPlan();
  if (chromiumCheck.missing && chromiumCheck.required) {
    describe(`cookie sessions (${mode}) on ${framework} in headless Chromium`, () => {
      it('finds Chromium, as GATEHOUSE_REQUIRE_BROWSER=1 demands', () => expect.fail(chromiumCheck.missing));
    });
  }

  const title = `cookie sessions (${mode}) on ${framework} in headless Chromium`;
  describe.skipIf(chromiumCheck.missing !== undefined)(title, { timeout: 60_000 }, () => {
    // Access tokens of 2 s: within the client's 10 s leeway, so every call refreshes through the
    // cookie. The reuse interval docs/browser-sessions.md recommends for cookie mode: a reload while
    // a refresh is in flight may drop the answer that carried the rotated cookie.
    const env = {
      ...(mode === 'always' ? { AUTH_COOKIES: 'true' } : {}),
      JWT_EXPIRATION_TIME: '2',
      JWT_JITTER_SECONDS: '0',
      REFRESH_TOKEN_REUSE_INTERVAL: '5',
    };
    const session = browserSession(() => startDemoServer(async () => ({ env }), createListener));
    let base: string;
    let counter = 0;
    // For the username and the address: `Nest (Express)` → `nestexpress`.
    const slug = framework.toLowerCase().replace(/[^a-z0-9]/g, '');
    beforeAll(() => {
      base = session.server.baseUrl;
    });

    async function signUp(app: Page): Promise<string> {
      counter += 1;
      const email = `cookie${counter}-${slug}@example.com`;
      await app.goto(`${base}/`);
      await app.getByRole('tab', { name: 'Create account' }).click();
      const form = app.locator('#register-form');
      await form.getByLabel('First name').fill('Hedy');
      await form.getByLabel('Last name').fill('Lamarr');
      await form.getByLabel('Username').fill(`hedy${counter}${slug}`);
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel('Password', { exact: true }).fill('frequency hopping 1942');
      await form.getByLabel('Repeat the password').fill('frequency hopping 1942');
      await form.getByRole('button', { name: 'Create account' }).click();
      await expectText(app.locator('#profile-title'), 'Hello, Hedy');
      return email;
    }

    // Every cookie of the profile: a URL filter would leave Secure cookies out for http://127.0.0.1.
    const refreshCookie = async (app: Page) => (await app.context().cookies()).find((c) => c.name === REFRESH_COOKIE);

    it('signs up with the refresh token in an HttpOnly, Secure, SameSite=Strict cookie that no script reads', async () => {
      const app = await session.newPerson();
      screenshotOnFailure('cookie sign-up', () => ({ app }));
      await signUp(app);
      const cookie = await refreshCookie(app);
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/v1/auth' });
      expect(await app.evaluate('document.cookie')).toBe('');
      expect(await app.evaluate('JSON.stringify(sessionStorage) + JSON.stringify(localStorage)')).toBe('{}{}');
    });

    it('stays signed in across a reload, and refreshes through the cookie once the access token expires', async () => {
      const app = await session.newPerson();
      screenshotOnFailure('cookie reload', () => ({ app }));
      await signUp(app);
      const before = (await refreshCookie(app))!.value;
      await app.reload();
      await expectText(app.locator('#profile-title'), 'Hello, Hedy');
      const afterReload = (await refreshCookie(app))!.value;
      expect(afterReload).not.toBe(before);
      await app.getByRole('button', { name: 'Reload' }).click();
      await expectText(app.locator('#profile-title'), 'Hello, Hedy');
      await expect.poll(async () => (await refreshCookie(app))?.value).not.toBe(afterReload);
    });

    it('a logout in one tab is seen by the other tab at once, and the cookie is gone', async () => {
      const first = await session.newPerson();
      screenshotOnFailure('cookie logout across tabs', () => ({ first }));
      await signUp(first);
      const second = await first.context().newPage();
      await second.goto(`${base}/`);
      await expectText(second.locator('#profile-title'), 'Hello, Hedy');
      await first.bringToFront();
      await first.getByRole('button', { name: 'Log out', exact: true }).click();
      await expectText(first.locator('#notice'), 'You are logged out.');
      await expectText(second.locator('#notice'), 'You were signed out');
      expect(await second.locator('#signed-in').isHidden()).toBe(true);
      expect(await refreshCookie(first)).toBeUndefined();
      await second.reload();
      await second.locator('#login-form').waitFor();
      expect(await second.locator('#signed-in').isHidden()).toBe(true);
    });

    describe('a page of another origin', () => {
      let other: { origin: string; close(): Promise<void> };
      beforeAll(async () => {
        const target = `${base}/api/v1/auth/refresh-token`;
        other = await startOtherOrigin(
          `<!doctype html><title>Not the app</title><form id="forged" method="post" action="${target}"></form>` +
            `<script>window.forgedFetch = () => fetch(${JSON.stringify(target)}, { method: 'POST', credentials: 'include', mode: 'no-cors' });` +
            // Asking for cookie mode as the app's client does: a header that needs a CORS preflight.
            `window.askingFetch = () => fetch(${JSON.stringify(target)}, { method: 'POST', credentials: 'include', headers: { 'Gatehouse-Session': 'cookie' } })` +
            `.then((r) => 'answered ' + r.status, (e) => e.name);</script>`,
        );
      });
      afterAll(() => other?.close());

      // Always in cookie mode, the cookie the browser sends along is refused for the origin (403);
      // under 'auto' a request without the header is not read in cookie mode at all (no token in
      // its empty body: 400), and one with it never leaves the browser: the preflight finds no
      // CORS answer for that origin.
      const refused =
        mode === 'always' ? { fetch: 403, form: 403, code: 'CSRF_REJECTED' } : { fetch: 400, form: 400, code: 'VALIDATION_FAILED' };

      it('cannot use the session cookie: its fetch with credentials and its form post are refused and set no cookie', async () => {
        const app = await session.newPerson();
        screenshotOnFailure('cookie csrf', () => ({ app }));
        await signUp(app);
        const attacker = await app.context().newPage();
        await attacker.goto(`${other.origin}/`);

        const [fetched] = await Promise.all([
          attacker.waitForResponse((r) => r.url().endsWith('/refresh-token')),
          attacker.evaluate('window.forgedFetch()'),
        ]);
        expect(fetched.status()).toBe(refused.fetch);
        expect(await fetched.headerValue('set-cookie')).toBeNull();

        // The POSTs the server answers from here on (Chromium reports a request blocked by its
        // preflight too, but it gets no response).
        const posts: string[] = [];
        app
          .context()
          .on('response', (r) => void (r.url().endsWith('/refresh-token') && r.request().method() === 'POST' && posts.push(r.url())));
        expect(await attacker.evaluate('window.askingFetch()')).toBe('TypeError');
        expect(posts).toEqual([]);

        const [posted] = await Promise.all([
          attacker.waitForResponse((r) => r.url().endsWith('/refresh-token')),
          attacker.evaluate("document.getElementById('forged').submit()"),
        ]);
        expect(posted.status()).toBe(refused.form);
        expect(await posted.json()).toMatchObject({ statusCode: refused.form, code: refused.code });
        expect(await posted.headerValue('set-cookie')).toBeNull();
        expect(posts).toHaveLength(1); // the form's: the listener sees POSTs, and saw none of the asking fetch

        // The session the forged requests carried is still good.
        await app.bringToFront();
        await app.reload();
        await expectText(app.locator('#profile-title'), 'Hello, Hedy');
      });
    });
  });
}
