import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.js';
import type { GatehouseEnv } from './gatehouse-env.js';
import { publicRoute, roles } from './guard.js';
import { secureRoutes } from './secure-routes.js';
import { bearer, createTestAuth } from './test-auth.test-helpers.js';

const { auth, tokenFor } = createTestAuth();
let userToken: string;
let managerToken: string;
beforeAll(async () => {
  userToken = await tokenFor(['user']);
  managerToken = await tokenFor(['manager']);
});

/** How many handlers Hono registered for `method path`: one keeps Hono's single-handler fast path. */
const handlerCount = (app: Hono<any, any, any>, method: string, path: string) =>
  app.routes.filter((r) => r.method === method && r.path === path).length;

function appWith(build: (api: ReturnType<typeof secureRoutes>) => void) {
  const api = secureRoutes(auth);
  build(api);
  const app = new Hono<GatehouseEnv>();
  app.route('/', api);
  app.onError(errorHandler());
  return { api, app };
}

describe('secureRoutes folds the guard into the route', () => {
  it('registers a protected GET route with one handler as one handler, and still refuses an anonymous caller', async () => {
    const seen: string[] = [];
    const { api, app } = appWith((r) => r.get('/me', (c) => (seen.push(c.get('user').id), c.json({ id: c.get('user').id }))));
    expect(handlerCount(api, 'GET', '/me')).toBe(1);
    const anonymous = await app.request('/me');
    expect(anonymous.status).toBe(401);
    expect(seen).toEqual([]);
    const signedIn = await app.request('/me', { headers: bearer(userToken) });
    expect(signedIn.status).toBe(200);
    expect(seen).toHaveLength(1);
  });

  it('keeps the body rules on routes that take a body', async () => {
    const { api, app } = appWith((r) => r.post('/echo', (c) => c.json({ got: c.get('body') })));
    // The folded guard-and-body step, then the handler.
    expect(handlerCount(api, 'POST', '/echo')).toBe(2);
    const wrongType = await app.request('/echo', { method: 'POST', headers: { ...bearer(userToken), 'content-type': 'text/plain' }, body: 'x' });
    expect(wrongType.status).toBe(415);
    const ok = await app.request('/echo', { method: 'POST', headers: { ...bearer(userToken), 'content-type': 'application/json' }, body: '{"a":1}' });
    await expect(ok.json()).resolves.toEqual({ got: { a: 1 } });
  });

  it('checks the token before a role requirement, and the roles before the handler', async () => {
    const { app } = appWith((r) => r.get('/reports', roles('manager'), (c) => c.json({ reports: [] })));
    expect((await app.request('/reports')).status).toBe(401);
    expect((await app.request('/reports', { headers: bearer(userToken) })).status).toBe(403);
    expect((await app.request('/reports', { headers: bearer(managerToken) })).status).toBe(200);
  });

  it('checks the path encoding before the token, on public and protected routes, and keeps them one handler', async () => {
    const { api, app } = appWith((r) => {
      r.get('/users/:id', (c) => c.json({ id: c.req.param('id') }));
      r.get('/open/:id', publicRoute, (c) => c.json({ id: c.req.param('id') }));
    });
    expect(handlerCount(api, 'GET', '/users/:id')).toBe(1);
    expect(handlerCount(api, 'GET', '/open/:id')).toBe(1);
    for (const path of ['/users/%ZZ', '/open/%E0%A4%A']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ statusCode: 400, message: 'The request path is not validly percent-encoded.', error: 'Bad Request' });
    }
    expect((await app.request('/users/a%20b')).status).toBe(401);
    expect(await (await app.request('/open/a%20b')).json()).toEqual({ id: 'a b' });
  });

  it('leaves a public GET route as the one handler it declared', async () => {
    const { api, app } = appWith((r) => r.get('/health', publicRoute, (c) => c.json({ status: 'ok' })));
    expect(handlerCount(api, 'GET', '/health')).toBe(1);
    expect((await app.request('/health')).status).toBe(200);
  });
});
