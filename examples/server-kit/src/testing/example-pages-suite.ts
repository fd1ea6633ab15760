import { SUITE_SECRETS, type ServerUnderTest } from '@gatehousejs/http/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateListener } from '../start-server.js';
import { startForSuite } from './start-for-suite.js';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const APP_URL = 'http://app.example.test';

/**
 * The pages of the example over real HTTP, without a browser: demo app, assets, reset page, and the
 * confirmation link answering a page to browsers and JSON to API clients. Written once for every
 * example (Express, Hono, …); the browser tests of the demo app are in each example's test/e2e/.
 *
 * @example
 * describeExamplePages('Express example', createApp);
 */
export function describeExamplePages(name: string, createListener: CreateListener): void {
  describe(name, () => {
    let server: ServerUnderTest;
    beforeAll(async () => {
      server = await startForSuite(createListener, {
        ...SUITE_SECRETS,
        APP_URL,
        ARGON2_MEMORY_COST: '1024',
        ARGON2_TIME_COST: '1',
        RATE_LIMIT_ENABLED: 'false',
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    const get = (path: string, accept?: string) => fetch(`${server.baseUrl}${path}`, accept ? { headers: { Accept: accept } } : {});

    it('answers every request with an X-Request-Id: a plain one from a proxy is kept, anything else replaced', async () => {
      const fresh = await get('/api/v1/health');
      expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      const kept = await fetch(`${server.baseUrl}/api/v1/health`, { headers: { 'X-Request-Id': 'edge-42.a' } });
      expect(kept.headers.get('x-request-id')).toBe('edge-42.a');
      const replaced = await fetch(`${server.baseUrl}/api/v1/nope`, { headers: { 'X-Request-Id': 'a b {"x":1}' } });
      expect(replaced.status).toBe(404);
      expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('serves the OpenAPI 3.1 document at /api/v1/openapi.json without a token', async () => {
      const res = await get('/api/v1/openapi.json');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const document = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
      expect(document.openapi).toBe('3.1.0');
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining(['/api/v1/auth/login', '/api/v1/users/{id}/roles', '/api/v1/reports']),
      );
    });

    it('serves the API docs page and Swagger UI from this origin, with no inline script', async () => {
      const page = await get('/docs', BROWSER_ACCEPT);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = await page.text();
      expect(html).toContain('src="/docs/swagger-ui-bundle.js"');
      expect(html).not.toMatch(/<script>(?!<)/);
      const bundle = await get('/docs/swagger-ui-bundle.js');
      expect(bundle.status).toBe(200);
      expect((await bundle.text()).length).toBeGreaterThan(100_000);
      expect((await get('/docs/init.js')).status).toBe(200);
      expect((await get('/docs/../package.json')).status).toBe(404);
    });

    async function confirmationToken(email: string): Promise<string> {
      const response = await fetch(`${server.baseUrl}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          firstName: 'Page',
          lastName: 'Tester',
          username: email.split('@')[0],
          email,
          password: 'q7#Lm2!v wren-quartz',
          confirmPassword: 'q7#Lm2!v wren-quartz',
        }),
      });
      expect(response.status).toBe(201);
      const mail = await server.waitForMail((m) => m.to.includes(email));
      const token = /verify-email\?token=([\w-]+)/.exec(mail.text)?.[1];
      if (!token) throw new Error('no confirmation link in the mail');
      return token;
    }

    it('serves the demo app at / and its assets, under a policy without inline script', async () => {
      const app = await get('/', BROWSER_ACCEPT);
      expect(app.status).toBe(200);
      expect(app.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(app.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await app.text()).toContain('src="/assets/demo-app.js"');

      const css = await get('/assets/app.css');
      expect(css.status).toBe(200);
      expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
      const script = await get('/assets/demo-app.js');
      expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('answers 404 JSON for an asset that does not exist', async () => {
      const response = await get('/assets/nope.js');
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    });

    it('serves the reset page without a referrer', async () => {
      const response = await get('/reset-password?token=abc', BROWSER_ACCEPT);
      expect(response.status).toBe(200);
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(await response.text()).toContain('<form id="reset-form"');
    });

    it('answers the confirmation link with a page to a browser, once, and says so when it is used again', async () => {
      const token = await confirmationToken('page-browser@example.test');
      const first = await get(`/api/v1/auth/verify-email?token=${token}`, BROWSER_ACCEPT);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(first.headers.get('vary')).toMatch(/accept/i);
      expect(first.headers.get('cache-control')).toBe('no-store');
      expect(first.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await first.text()).toContain('E-mail address confirmed');

      const again = await get(`/api/v1/auth/verify-email?token=${token}`, BROWSER_ACCEPT);
      expect(again.status).toBe(400);
      expect(again.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await again.text()).toContain('invalid, was already used or has expired');
    });

    it('keeps answering JSON to API clients on the confirmation link', async () => {
      const token = await confirmationToken('page-api@example.test');
      const first = await get(`/api/v1/auth/verify-email?token=${token}`, 'application/json');
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await first.json()).toEqual({ message: 'Your e-mail address is confirmed.' });

      const again = await get(`/api/v1/auth/verify-email?token=${token}`);
      expect(again.status).toBe(400);
      expect(await again.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    });
  });
}
