import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuth, type AccessTokenPayload, type Auth, type CreateAuthOptions } from '@gatehousejs/core';
import { createFakeHasher } from '@gatehousejs/core/testing';
import { createOpenApiDocument } from '@gatehousejs/http';
import { createMemoryStore } from '@gatehousejs/store-memory';
import express, { type RequestHandler } from 'express';
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest';
import { errorHandler, notFound } from './error-handler.js';
import { allRoles, requireUser, roles } from './guard.js';
import { secureRouter } from './secure-router.js';
import { userRouter } from './user-router.js';

const APP_ROLES = ['super', 'admin', 'manager', 'user', 'editor'] as const;
type AppRole = (typeof APP_ROLES)[number];
const PASSWORD = 'correct horse battery';
const servers: Server[] = [];

function appAuth(settings: Pick<CreateAuthOptions<AppRole>, 'roleHierarchy'> = {}) {
  return createAuth({
    roles: APP_ROLES,
    ...settings,
    config: { accessTokenSecret: 'a'.repeat(32), refreshTokenSecret: 'b'.repeat(32) },
    store: createMemoryStore(),
    mailer: { send: async () => {} },
    hasher: createFakeHasher(),
  });
}

/** The app of a library user: the user routes, and its own routes guarded by its own roles. */
async function start(auth: Auth<AppRole>) {
  const api = secureRouter(auth);
  api.get('/drafts', roles(auth, 'editor'), (req, res) => void res.json({ editor: requireUser(req).id }));
  // Without `auth`: the role check of the instance whose guard verified the token (its hierarchy).
  api.get('/reports', roles('manager'), (_req, res) => void res.json({ reports: [] }));
  const app = express()
    .use('/api/v1', userRouter(auth))
    .use('/api/v1', api)
    .use(notFound())
    .use(errorHandler(() => {}));
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  const call = (method: string, path: string, token: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  let count = 0;
  async function signUp(): Promise<{ id: string; email: string }> {
    count += 1;
    const email = `writer${count}@example.com`;
    const { user } = await auth.register({
      firstName: 'W',
      lastName: 'W',
      username: `writer${count}`,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    return { id: user.id, email };
  }
  const login = async (email: string, password = PASSWORD) => (await auth.login({ email, password })).accessToken;
  await auth.ensureSuperUser({ email: 'root@example.com', password: 'root passphrase here' });
  const superToken = await login('root@example.com', 'root passphrase here');
  return { call, signUp, login, superToken };
}

afterAll(() => Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))));

describe('Express: roles the app defines', () => {
  it('an editor set through PUT /api/v1/users/:id/roles passes roles(auth, "editor")', async () => {
    const auth = appAuth();
    const { call, signUp, login, superToken } = await start(auth);
    const writer = await signUp();

    expect((await call('GET', '/drafts', await login(writer.email))).status).toBe(403);
    const put = await call('PUT', `/users/${writer.id}/roles`, superToken, { roles: ['editor'] });
    expect(put.status).toBe(200);
    expect(((await put.json()) as { user: { roles: string[] } }).user.roles).toEqual(['editor']);

    const drafts = await call('GET', '/drafts', await login(writer.email));
    expect(drafts.status).toBe(200);
    expect(await drafts.json()).toEqual({ editor: writer.id });
    const listed = await call('GET', '/users?role=editor', superToken);
    expect(((await listed.json()) as { users: { id: string }[] }).users.map((u) => u.id)).toEqual([writer.id]);
  });

  it('refuses a role outside the configured set with 400', async () => {
    const { call, signUp, superToken } = await start(appAuth());
    const writer = await signUp();
    const put = await call('PUT', `/users/${writer.id}/roles`, superToken, { roles: ['publisher'] });
    expect(put.status).toBe(400);
    expect((await call('GET', '/users?role=publisher', superToken)).status).toBe(400);
  });

  it('admits an admin to roles("manager") only when the hierarchy is configured', async () => {
    for (const [roleHierarchy, status] of [
      [undefined, 403],
      [{ super: ['admin'], admin: ['manager'], manager: ['user'] }, 200],
    ] as const) {
      const { call, signUp, login, superToken } = await start(appAuth(roleHierarchy ? { roleHierarchy } : {}));
      const admin = await signUp();
      expect((await call('PUT', `/users/${admin.id}/roles`, superToken, { roles: ['admin'] })).status).toBe(200);
      expect((await call('GET', '/reports', await login(admin.email))).status).toBe(status);
    }
  });

  it('documents the instance’s roles in its OpenAPI document', () => {
    const document = createOpenApiDocument({ auth: appAuth() });
    const put = document.paths['/api/v1/users/{id}/roles']!.put as {
      requestBody: { content: Record<string, { schema: { properties: { roles: { items: { enum: string[] } } } } }> };
    };
    expect(put.requestBody.content['application/json']!.schema.properties.roles.items.enum).toEqual([...APP_ROLES]);
  });

  it('types the guards with the instance’s roles', () => {
    const auth = appAuth();
    expectTypeOf(roles(auth, 'editor')).toEqualTypeOf<RequestHandler>();
    expectTypeOf(allRoles(auth, 'editor', 'user')).toEqualTypeOf<RequestHandler>();
    // @ts-expect-error 'nope' is not one of the instance's roles
    roles(auth, 'nope');
    // @ts-expect-error without `Register`, a guard without `auth` knows only the spec's four roles
    roles('editor');
    expectTypeOf(auth.roles.all).toEqualTypeOf<readonly AppRole[]>();
    expectTypeOf(auth.verifyAccessToken).returns.resolves.toEqualTypeOf<AccessTokenPayload<AppRole>>();
    expectTypeOf(auth.listUsersByRole).parameter(0).toEqualTypeOf<AppRole>();
  });
});
