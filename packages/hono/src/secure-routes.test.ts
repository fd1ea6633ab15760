import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorHandler, notFound } from './error-handler.js';
import type { GatehouseEnv } from './gatehouse-env.js';
import { allRoles, publicRoute, roles } from './guard.js';
import { secureRoutes } from './secure-routes.js';
import { bearer, createTestAuth } from './test-auth.test-helpers.js';

const { auth, tokenFor } = createTestAuth();
const tokens: Record<string, string> = {};
const logged: unknown[] = [];

const api = secureRoutes(auth);
api.get('/open', publicRoute, (c) => c.json({ open: true }));
api.get('/closed', (c) => c.json({ id: c.get('user').id }));
api.get('/chained', (c) => c.json({ method: 'GET' })).post((c) => c.json({ method: 'POST' }));
api.on(['PUT', 'PATCH'], '/on', (c) => c.json({ on: true }));
api.basePath('/nested').get('/deep', (c) => c.json({ deep: true }));
api.get('/either', roles('manager', 'admin'), (c) => c.json({ ok: true }));
api.get('/both', allRoles('manager', 'user'), (c) => c.json({ ok: true }));
api.get('/broken', publicRoute, () => {
  throw new Error('database password is hunter2');
});
const inner = secureRoutes(auth).get('/inside', (c) => c.json({ inside: true }));
api.route('/sub', inner);

const app = new Hono<GatehouseEnv>().route('/', api).notFound(notFound()).onError(errorHandler((e) => logged.push(e)));

beforeAll(async () => {
  tokens.user = await tokenFor(['user']);
  tokens.manager = await tokenFor(['manager']);
  tokens.managerUser = await tokenFor(['manager', 'user']);
});

const get = (path: string, token?: string) => app.request(path, { headers: token ? bearer(token) : {} });

describe('secureRoutes (deny by default)', () => {
  it('lets anyone reach a route marked publicRoute', async () => {
    const res = await get('/open');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ open: true });
  });

  it('requires a token on every route with no annotation, however it was declared', async () => {
    const declared: [string, string][] = [
      ['GET', '/closed'],
      ['GET', '/chained'],
      ['POST', '/chained'],
      ['PUT', '/on'],
      ['PATCH', '/on'],
      ['GET', '/nested/deep'],
      ['GET', '/sub/inside'],
    ];
    for (const [method, path] of declared) {
      const res = await app.request(path, { method });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(await res.json()).toEqual({ statusCode: 401, message: expect.any(String), error: 'Unauthorized' });
      expect((await app.request(path, { method, headers: bearer(tokens.user!) })).status, `${method} ${path}`).toBe(200);
    }
  });

  it('puts the verified payload in c.get("user")', async () => {
    const res = await get('/closed', tokens.user);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a tampered token with 401', async () => {
    const [h, p] = tokens.user!.split('.');
    expect((await get('/closed', `${h}.${p}.AAAA`)).status).toBe(401);
  });

  it('roles() admits a user with any one of the roles (OR)', async () => {
    expect((await get('/either', tokens.manager)).status).toBe(200);
    const denied = await get('/either', tokens.user);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ statusCode: 403, message: expect.any(String), error: 'Forbidden' });
    expect((await get('/either')).status).toBe(401);
  });

  it('allRoles() admits only a user with every role (AND)', async () => {
    expect((await get('/both', tokens.managerUser)).status).toBe(200);
    expect((await get('/both', tokens.manager)).status).toBe(403);
  });

  it('answers HEAD like GET without a body, guard included', async () => {
    const anonymous = await app.request('/closed', { method: 'HEAD' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toBe('');
    expect((await app.request('/open', { method: 'HEAD' })).status).toBe(200);
  });

  it('refuses two Authorization headers, which the Fetch API joins into one value', async () => {
    const headers = new Headers([
      ['authorization', `Bearer ${tokens.user}`],
      ['authorization', `Bearer ${tokens.user}`],
    ]);
    const res = await app.request('/closed', { headers });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ statusCode: 401, message: 'The Authorization header must be "Bearer <token>".', error: 'Unauthorized' });
  });

  it('does not answer OPTIONS on its own: an undeclared OPTIONS is the JSON 404', async () => {
    for (const path of ['/open', '/closed']) {
      const res = await app.request(path, { method: 'OPTIONS' });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('allow')).toBeNull();
    }
  });

  it('answers an unknown route with the same JSON 404 with or without a token', async () => {
    const anonymous = await get('/nowhere');
    const signedIn = await get('/nowhere', tokens.user);
    expect(anonymous.status).toBe(404);
    expect(signedIn.status).toBe(404);
    expect(await anonymous.json()).toEqual({ statusCode: 404, message: 'No route matches this request.', error: 'Not Found' });
    expect(await signedIn.json()).toEqual({ statusCode: 404, message: 'No route matches this request.', error: 'Not Found' });
  });

  it('answers an unexpected error with a generic 500 and logs it only on the server', async () => {
    const res = await get('/broken');
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({ statusCode: 500, message: 'An unexpected error occurred.', error: 'Internal Server Error' });
    expect(logged).toHaveLength(1);
    expect(String(logged[0])).toContain('hunter2');
  });

  it('refuses to declare a route that is both public and role-guarded', () => {
    const other = secureRoutes(auth);
    expect(() => other.get('/odd', publicRoute, roles('admin'), (c) => c.text('x'))).toThrow(/\/odd is marked public and also requires roles/);
  });

  it('refuses to mount routes the guard never saw', () => {
    const other = secureRoutes(auth);
    const plain = new Hono().get('/leak', (c) => c.text('secret'));
    expect(() => other.route('/plain', plain)).toThrow(/without the Gatehouse guard/);
    expect(() => other.mount('/plain', plain.fetch)).toThrow(/without the Gatehouse guard/);
  });
});
