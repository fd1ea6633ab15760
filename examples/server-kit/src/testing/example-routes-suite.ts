import { rawRequest, SUITE_SECRETS, type ServerUnderTest } from '@gatehousejs/http/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateListener } from '../start-server.js';
import { startForSuite } from './start-for-suite.js';

const SUPER = { email: 'root@example.com', password: 'bootstrap super password' };
const ALLOWED_ORIGIN = 'https://app.example.test';

/**
 * What the example adds to the library, over real HTTP: its own routes (`/health`, `/reports`), the
 * library's user routes mounted, and settings read from the environment reaching core and the
 * adapter (bootstrap super, CORS). The library's behaviour itself is proved by the HTTP suite,
 * which each adapter package runs on its own test app.
 *
 * @example
 * describeExampleRoutes('Express example', createApp);
 */
export function describeExampleRoutes(name: string, createListener: CreateListener): void {
  describe(name, () => {
    let server: ServerUnderTest;
    beforeAll(async () => {
      server = await startForSuite(createListener, {
        ...SUITE_SECRETS,
        APP_URL: 'http://app.example.test',
        ARGON2_MEMORY_COST: '1024',
        ARGON2_TIME_COST: '1',
        RATE_LIMIT_ENABLED: 'false',
        BOOTSTRAP_SUPER_EMAIL: SUPER.email,
        BOOTSTRAP_SUPER_PASSWORD: SUPER.password,
        CORS_ORIGINS: ALLOWED_ORIGIN,
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    async function call(method: string, path: string, init: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      const response = await server.request(path, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
    }

    async function signUp(tag: string) {
      const email = `${tag}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const password = 'correct horse battery';
      const res = await call('POST', '/api/v1/auth/register', {
        body: { firstName: 'Ada', lastName: 'Lovelace', username: email.split('@')[0], email, password, confirmPassword: password },
      });
      expect(res.status).toBe(201);
      return res.body as { user: { id: string }; accessToken: string };
    }

    const login = async (email: string, password: string) =>
      (await call('POST', '/api/v1/auth/login', { body: { email, password } })).body as { accessToken: string };

    it.each(['/mailhog/messages/%E0%A4%A', '/mailhog/api/v1/messages/%FF', '/mailhog/messages/%FF/raw'])(
      'answers the mail-viewer path %s, not validly percent-encoded, with 400 and no stack',
      async (path) => {
        const res = await rawRequest(server.baseUrl, 'GET', path, []);
        expect(res.status).toBe(400);
        expect(res.text).not.toMatch(/at .+\(|URIError|node_modules/);
      },
    );

    it.each(['/api/v1\\users\\me', '*'])('answers the request target %s with 400 and the contract error body', async (target) => {
      const res = await rawRequest(server.baseUrl, 'GET', target, []);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.text)).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.any(String),
        code: 'REQUEST_TARGET_INVALID',
      });
    });

    it('serves GET /api/v1/health to anyone', async () => {
      const res = await call('GET', '/api/v1/health');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    });

    it('GET /api/v1/reports admits manager, admin and super (OR), not a plain user, and needs a token', async () => {
      const root = await login(SUPER.email, SUPER.password);
      const plain = await signUp('reports-plain');
      expect((await call('GET', '/api/v1/reports', { token: plain.accessToken })).status).toBe(403);
      expect((await call('GET', '/api/v1/reports')).status).toBe(401);
      const manager = await signUp('reports-manager');
      expect(
        (await call('PUT', `/api/v1/users/${manager.user.id}/roles`, { token: root.accessToken, body: { roles: ['manager'] } })).status,
      ).toBe(200);
      const managerEmail = (await call('GET', `/api/v1/users/${manager.user.id}`, { token: root.accessToken })).body.email as string;
      const managerSession = await login(managerEmail, 'correct horse battery');
      const reports = await call('GET', '/api/v1/reports', { token: managerSession.accessToken });
      expect(reports.status).toBe(200);
      expect(reports.body.reports).toHaveLength(2);
      expect((await call('GET', '/api/v1/reports', { token: root.accessToken })).status).toBe(200);
    });

    it('creates the bootstrap super user, verified, from BOOTSTRAP_SUPER_EMAIL and BOOTSTRAP_SUPER_PASSWORD', async () => {
      const root = await login(SUPER.email, SUPER.password);
      const me = await call('GET', '/api/v1/users/me', { token: root.accessToken });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email: SUPER.email, roles: ['super'], isActive: true });
    });

    it("mounts the library's user routes: /users for admins, /users/me for anyone signed in", async () => {
      const root = await login(SUPER.email, SUPER.password);
      const plain = await signUp('users-plain');
      expect((await call('GET', '/api/v1/users/me', { token: plain.accessToken })).body).toMatchObject({ id: plain.user.id });
      expect((await call('GET', '/api/v1/users', { token: plain.accessToken })).status).toBe(403);
      const list = await call('GET', '/api/v1/users?limit=500', { token: root.accessToken });
      expect(list.status).toBe(200);
      expect(list.body.users.map((u: { id: string }) => u.id)).toContain(plain.user.id);
      expect((await call('DELETE', `/api/v1/users/${plain.user.id}/sessions`, { token: root.accessToken })).status).toBe(204);
    });

    it('allows the browser origins of CORS_ORIGINS, and no other', async () => {
      const allowed = await call('GET', '/api/v1/health', { headers: { origin: ALLOWED_ORIGIN } });
      expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
      const other = await call('GET', '/api/v1/health', { headers: { origin: 'https://evil.example' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await call('OPTIONS', '/api/v1/users/me', {
        headers: { origin: ALLOWED_ORIGIN, 'access-control-request-method': 'GET' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
      expect(preflight.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, Gatehouse-Session');
      expect(preflight.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('marks every API answer no-store and nosniff, errors and 404s included, and leaves other paths to their routes', async () => {
      for (const [method, path, status] of [
        ['GET', '/api/v1/health', 200],
        ['GET', '/api/v1/users/me', 401],
        ['GET', '/api/v1/nope', 404],
        ['GET', '/%61pi/v1/health', 200],
      ] as const) {
        const answer = await call(method, path);
        expect([path, answer.status]).toEqual([path, status]);
        expect([path, answer.headers.get('cache-control'), answer.headers.get('x-content-type-options')]).toEqual([
          path,
          'no-store',
          'nosniff',
        ]);
      }
      const document = await call('GET', '/api/v1/openapi.json');
      expect(document.headers.get('cache-control')).toBe('no-cache');
      expect((await server.request('/nope', {})).headers.get('cache-control')).toBeNull();
    });
  });
}
