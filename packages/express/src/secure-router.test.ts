import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Auth } from '@gatehousejs/core';
import { createTestAuth } from '@gatehousejs/core/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler, notFound } from './error-handler.js';
import { publicRoute } from './guard.js';
import { secureRouter } from './secure-router.js';

let auth: Auth;
let server: Server;
let base = '';
const tokens: Record<string, string> = {};
const logged: unknown[] = [];

async function tokenFor(roleSet: ('super' | 'admin' | 'manager' | 'user')[]) {
  const user = await auth.register({
    firstName: 'T',
    lastName: 'T',
    username: `u${Object.keys(tokens).length}${roleSet.join('')}`,
    email: `${roleSet.join('-') || 'none'}@example.com`,
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
  });
  const actor = await auth.ensureSuperUser({ email: 'root@example.com', password: 'root passphrase here' });
  await auth.setRoles(actor, user.user.id, { roles: roleSet });
  return (await auth.login({ email: user.user.email, password: 'correct horse battery' })).accessToken;
}

beforeAll(async () => {
  auth = createTestAuth(createMemoryStore());
  const api = secureRouter(auth);
  api.get('/open', publicRoute, (_req, res) => void res.json({ open: true }));
  api.get('/closed', (req, res) => void res.json({ id: req.user?.id }));
  api.route('/chained').get((_req, res) => void res.json({ chained: true }));
  api.post('/echo', publicRoute, (req, res) => void res.json({ body: req.body }));
  api
    .route('/preflight')
    .get(publicRoute, (_req, res) => void res.json({ get: true }))
    .options(publicRoute, (_req, res) => void res.status(204).end());
  api.get('/broken', publicRoute, () => {
    throw new Error('database password is hunter2');
  });
  api.all('/any', (_req, res) => void res.json({ any: true }));
  api.get('/shadow/:name', publicRoute, (_req, _res, next) => next());
  api.get('/shadow/secret', (_req, res) => void res.json({ secret: true }));
  const plain = express.Router().get('/leak', (_req, res) => void res.json({ leak: true }));
  api.use('/plain', plain);
  const inner = secureRouter(auth);
  inner.get('/open', publicRoute, (_req, res) => void res.json({ innerOpen: true }));
  inner.get('/closed', (_req, res) => void res.json({ innerClosed: true }));
  api.use('/inner', inner);

  const app = express()
    .use(api)
    .use(notFound())
    .use(errorHandler((error) => logged.push(error)));
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tokens.user = await tokenFor(['user']);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string, token?: string) => fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('secureRouter (deny by default)', () => {
  it('requires a token on a route with no annotation, declared with a verb or with route()', async () => {
    for (const path of ['/closed', '/chained']) {
      const res = await get(path);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: 'TOKEN_MISSING' });
    }
    expect((await get('/chained', tokens.user)).status).toBe(200);
  });

  it('puts the verified payload on req.user', async () => {
    const res = await get('/closed', tokens.user);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unexpected error with a generic 500 and logs it only on the server', async () => {
    const res = await get('/broken');
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      statusCode: 500,
      message: 'An unexpected error occurred.',
      error: 'Internal Server Error',
      code: 'INTERNAL_ERROR',
    });
    expect(logged).toHaveLength(1);
    expect(String(logged[0])).toContain('hunter2');
  });

  it('requires a token on routes declared with all(), and on a plain router mounted inside', async () => {
    for (const [method, path] of [
      ['PATCH', '/any'],
      ['GET', '/any'],
      ['GET', '/plain/leak'],
    ] as const) {
      const res = await fetch(`${base}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect((await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${tokens.user}` } })).status).toBe(200);
    }
  });

  it('lets a secure router mounted inside guard its own routes: public stays public, the rest needs a token', async () => {
    expect(await (await get('/inner/open')).json()).toEqual({ innerOpen: true });
    expect((await get('/inner/closed')).status).toBe(401);
    expect(await (await get('/inner/closed', tokens.user)).json()).toEqual({ innerClosed: true });
  });

  it('protects a request that a public route could pass on to a protected one of the same path', async () => {
    expect((await get('/shadow/secret')).status).toBe(401);
    expect(await (await get('/shadow/secret', tokens.user)).json()).toEqual({ secret: true });
  });

  it('does not replace the methods of the router it returns', () => {
    const api = secureRouter(auth);
    const plainRouter = express.Router();
    for (const name of ['route', 'get', 'post', 'use', 'all']) {
      expect(Object.hasOwn(api, name), name).toBe(false);
      expect((api as unknown as Record<string, unknown>)[name], name).toBe((plainRouter as unknown as Record<string, unknown>)[name]);
    }
  });
  it('does not answer OPTIONS automatically, yet runs an OPTIONS route declared on it', async () => {
    const automatic = await fetch(`${base}/open`, { method: 'OPTIONS' });
    expect(automatic.status).toBe(404);
    expect(automatic.headers.get('allow')).toBeNull();
    expect(await automatic.json()).toEqual({
      statusCode: 404,
      message: 'No route matches this request.',
      error: 'Not Found',
      code: 'ROUTE_NOT_FOUND',
    });
    expect((await fetch(`${base}/preflight`, { method: 'OPTIONS' })).status).toBe(204);
  });

  it('routes strictly and case-sensitively, as Hono does: no trailing slash, no other case', async () => {
    for (const path of ['/open/', '/OPEN', '/Closed', '/closed/']) {
      const res = await get(path, tokens.user);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({
        statusCode: 404,
        message: 'No route matches this request.',
        error: 'Not Found',
        code: 'ROUTE_NOT_FOUND',
      });
    }
  });
});
