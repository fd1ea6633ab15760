import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Auth } from '@gatehousejs/core';
import { createTestAuth } from '@gatehousejs/core/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRouter } from './library-routers.js';
import { errorHandler, notFound } from './error-handler.js';
import { publicRoute } from './guard.js';
import { secureRouter } from './secure-router.js';
import { userRouter } from './library-routers.js';

let auth: Auth;
let server: Server;
let base = '';
let userToken = '';
let adminToken = '';

async function tokenFor(name: string, roles: ('admin' | 'manager')[]) {
  const password = 'correct horse battery';
  const { user } = await auth.register({
    firstName: 'T',
    lastName: 'T',
    username: name,
    email: `${name}@example.com`,
    password,
    confirmPassword: password,
  });
  const root = await auth.ensureSuperUser({ email: 'root@example.com', password: 'root passphrase here' });
  await auth.setRoles(root, user.id, { roles });
  return (await auth.login({ email: `${name}@example.com`, password })).accessToken;
}

beforeAll(async () => {
  auth = createTestAuth(createMemoryStore());
  userToken = await tokenFor('plain', []);
  adminToken = await tokenFor('boss', ['admin']);
  const users = userRouter(auth);
  users.get('/extra', (_req, res) => void res.json({ extra: true }));
  users.get('/open', publicRoute, (_req, res) => void res.json({ open: true }));
  const auths = authRouter(auth);
  auths.post('/extra', (_req, res) => void res.json({ extra: true }));
  const outer = secureRouter(auth);
  outer.use('/auth', authRouter(auth));
  outer.use('/', userRouter(auth));
  const app = express();
  app.use('/api/v1/auth', auths);
  app.use('/api/v1', users);
  app.use('/nested', outer);
  app.use(notFound());
  app.use(errorHandler(() => {}));
  server = createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const call = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, init);
const withToken = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe('the route tables (authRouter, userRouter)', () => {
  it('guard a route an app adds to them, as a secureRouter does', async () => {
    expect((await call('/api/v1/extra')).status).toBe(401);
    expect((await call('/api/v1/auth/extra', { method: 'POST' })).status).toBe(401);
    expect((await call('/api/v1/open')).status).toBe(200);
    const extra = await call('/api/v1/extra', withToken(userToken));
    expect(extra.status).toBe(200);
    expect(await extra.json()).toEqual({ extra: true });
  });

  it('keep their public and protected routes when mounted in a secureRouter', async () => {
    const forgot = await call('/nested/auth/forgot-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com' }),
    });
    expect(forgot.status).toBe(200);
    expect((await call('/nested/auth/verify-token', { method: 'POST' })).status).toBe(401);
    expect((await call('/nested/users/me')).status).toBe(401);
    expect((await call('/nested/users/me', withToken(userToken))).status).toBe(200);
  });

  it('match as the router would: exact case, no trailing slash, HEAD by GET, parameters decoded', async () => {
    expect((await call('/api/v1/USERS/me', withToken(userToken))).status).toBe(404);
    expect((await call('/api/v1/users/me/', withToken(userToken))).status).toBe(404);
    const head = await call('/api/v1/users/me', { method: 'HEAD', ...withToken(userToken) });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    // `%2D` is `-`: the id the admin asks for is decoded before core sees it (404: no such user).
    const missing = await call('/api/v1/users/no%2Dsuch%2Duser', withToken(adminToken));
    expect(missing.status).toBe(404);
    expect((await call('/api/v1/users/%E0%A4%A', withToken(adminToken))).status).toBe(400);
  });

  it('answer with the JSON headers of res.json()', async () => {
    const me = await call('/api/v1/users/me', withToken(userToken));
    expect(me.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await me.text();
    expect(me.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(JSON.parse(text)).toMatchObject({ username: 'plain', roles: [] });
  });

  it('check a route’s roles after the token: 401 without one, 403 without the role, 200 with it', async () => {
    expect((await call('/api/v1/users')).status).toBe(401);
    expect((await call('/api/v1/users', withToken(userToken))).status).toBe(403);
    expect((await call('/api/v1/users', withToken(adminToken))).status).toBe(200);
  });
});
