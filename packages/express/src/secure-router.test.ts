import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuth, type Auth } from '@gatehouse/core';
import { createFakeHasher } from '@gatehouse/core/testing';
import { rawRequest } from '@gatehouse/http/testing';
import { createMemoryStore } from '@gatehouse/store-memory';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler, notFound } from './error-handler.js';
import { allRoles, publicRoute, roles } from './guard.js';
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
    password: 'password-123',
    confirmPassword: 'password-123',
  });
  const actor = { id: 'root', roles: ['super' as const] };
  await auth.setRoles(actor, user.user.id, { roles: roleSet });
  return (await auth.login({ email: user.user.email, password: 'password-123' })).accessToken;
}

beforeAll(async () => {
  auth = createAuth({
    config: { accessTokenSecret: 'a'.repeat(32), refreshTokenSecret: 'b'.repeat(32) },
    store: createMemoryStore(),
    mailer: { send: async () => {} },
    hasher: createFakeHasher(),
  });
  const api = secureRouter(auth);
  api.get('/open', publicRoute, (_req, res) => void res.json({ open: true }));
  api.get('/closed', (req, res) => void res.json({ id: req.user?.id }));
  api.route('/chained').get((_req, res) => void res.json({ chained: true }));
  api.post('/echo', publicRoute, (req, res) => void res.json({ body: req.body }));
  api.get('/either', roles('manager', 'admin'), (_req, res) => void res.json({ ok: true }));
  api.get('/both', allRoles('manager', 'user'), (_req, res) => void res.json({ ok: true }));
  api.route('/preflight').get(publicRoute, (_req, res) => void res.json({ get: true })).options(publicRoute, (_req, res) => void res.status(204).end());
  api.get('/broken', publicRoute, () => {
    throw new Error('database password is hunter2');
  });
  const app = express().use(api).use(notFound()).use(errorHandler((error) => logged.push(error)));
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tokens.user = await tokenFor(['user']);
  tokens.manager = await tokenFor(['manager']);
  tokens.managerUser = await tokenFor(['manager', 'user']);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string, token?: string) =>
  fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('secureRouter (deny by default)', () => {
  it('lets anyone reach a route marked publicRoute', async () => {
    const res = await get('/open');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ open: true });
  });

  it('requires a token on a route with no annotation, declared with a verb or with route()', async () => {
    for (const path of ['/closed', '/chained']) {
      const res = await get(path);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    }
    expect((await get('/chained', tokens.user)).status).toBe(200);
  });

  it('puts the verified payload on req.user', async () => {
    const res = await get('/closed', tokens.user);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('roles() admits a user with any one of the roles (OR)', async () => {
    expect((await get('/either', tokens.manager)).status).toBe(200);
    expect((await get('/either', tokens.user)).status).toBe(403);
    expect((await get('/either')).status).toBe(401);
  });

  it('allRoles() admits only a user with every role (AND)', async () => {
    expect((await get('/both', tokens.managerUser)).status).toBe(200);
    expect((await get('/both', tokens.manager)).status).toBe(403);
  });

  it('parses JSON bodies on routes by the shared rules', async () => {
    const ok = await fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(await ok.json()).toEqual({ body: { a: 1 } });
    const text = await fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' });
    expect(text.status).toBe(415);
  });

  it('answers an unexpected error with a generic 500 and logs it only on the server', async () => {
    const res = await get('/broken');
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ statusCode: 500, message: 'An unexpected error occurred.', error: 'Internal Server Error' });
    expect(logged).toHaveLength(1);
    expect(String(logged[0])).toContain('hunter2');
  });

  it('refuses to declare a route that is both public and role-guarded', () => {
    const api = secureRouter(auth);
    expect(() => api.get('/odd', publicRoute, roles('admin'), (_req, res) => void res.end())).toThrow(/public and also requires roles/);
  });

  it('does not answer OPTIONS automatically, yet runs an OPTIONS route declared on it', async () => {
    const automatic = await fetch(`${base}/open`, { method: 'OPTIONS' });
    expect(automatic.status).toBe(404);
    expect(automatic.headers.get('allow')).toBeNull();
    expect(await automatic.json()).toEqual({ statusCode: 404, message: 'No route matches this request.', error: 'Not Found' });
    expect((await fetch(`${base}/preflight`, { method: 'OPTIONS' })).status).toBe(204);
  });

  it('routes strictly and case-sensitively, as Hono does: no trailing slash, no other case', async () => {
    for (const path of ['/open/', '/OPEN', '/Closed', '/closed/']) {
      const res = await get(path, tokens.user);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ statusCode: 404, message: 'No route matches this request.', error: 'Not Found' });
    }
  });

  it('refuses two Authorization headers, as the Fetch API joins them', async () => {
    const res = await rawRequest(base, 'GET', '/closed', [
      ['Authorization', `Bearer ${tokens.user}`],
      ['Authorization', `Bearer ${tokens.user}`],
    ]);
    expect(res.status).toBe(401);
  });
});
