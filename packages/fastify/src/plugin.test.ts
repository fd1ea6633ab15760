import type { Auth } from '@gatehousejs/core';
import { createTestAuth } from '@gatehousejs/core/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { errorHandler, gatehouse, gatehouseServerOptions } from './index.js';

const PASSWORD = 'correct horse battery';

async function tokenFor(auth: Auth, email: string, roles: string[] = []): Promise<string> {
  const { user } = await auth.register({
    firstName: 'T',
    lastName: 'T',
    username: email.split('@')[0]!,
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  const root = await auth.ensureSuperUser({ email: 'root@example.com', password: 'root passphrase here' });
  if (roles.length > 0) await auth.setRoles(root, user.id, { roles: roles as never });
  return (await auth.login({ email, password: PASSWORD })).accessToken;
}

/** An app as users write them: their own body parsers and routes, some inside an encapsulated plugin. */
const logged: unknown[] = [];

async function buildApp(): Promise<{ app: FastifyInstance; auth: Auth }> {
  const auth = createTestAuth(createMemoryStore()) as unknown as Auth;
  const app = Fastify({ ...gatehouseServerOptions(), bodyLimit: 1024 * 1024 });
  // A text parser of the app's own: it must not reach the library's routes.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  await app.register(gatehouse, { auth, errorLog: (error) => logged.push(error) });
  app.get('/api/v1/open', { config: { public: true } }, async () => ({ open: true }));
  app.get('/api/v1/mine', async (request) => ({ id: request.user?.sub }));
  app.post('/api/v1/notes', async (request) => ({ got: request.body }));
  app.post(
    '/api/v1/validated',
    { config: { public: true }, schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } },
    async () => ({ ok: true }),
  );
  app.get('/api/v1/boom', { config: { public: true } }, async () => {
    throw new Error('database password is hunter2');
  });
  await app.register(
    async (scope) => {
      scope.get('/inside', async () => ({ inside: true }));
      scope.get('/managers', { config: { roles: ['manager'] } }, async () => ({ managers: true }));
    },
    { prefix: '/api/v1/scoped' },
  );
  await app.ready();
  return { app, auth };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('gatehouse (Fastify plugin)', () => {
  it('denies every route registered after it, also inside an encapsulated plugin, unless its config says public', async () => {
    const { app, auth } = await buildApp();
    for (const url of ['/api/v1/mine', '/api/v1/scoped/inside', '/api/v1/scoped/managers']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/open' })).json()).toEqual({ open: true });
    const token = await tokenFor(auth, 'alice@example.com');
    expect((await app.inject({ method: 'GET', url: '/api/v1/scoped/inside', headers: bearer(token) })).json()).toEqual({ inside: true });
  });

  it('puts the verified caller on request.user, typed', async () => {
    const { app, auth } = await buildApp();
    const token = await tokenFor(auth, 'bob@example.com');
    const res = await app.inject({ method: 'GET', url: '/api/v1/mine', headers: bearer(token) });
    expect(res.json()).toEqual({ id: expect.any(String) });
    expectTypeOf<import('fastify').FastifyRequest['user']>().toEqualTypeOf<import('@gatehousejs/core').AccessTokenPayload | undefined>();
  });

  it('answers 403 INSUFFICIENT_ROLE without one of config.roles, 200 with it', async () => {
    const { app, auth } = await buildApp();
    const plain = await tokenFor(auth, 'carol@example.com');
    const denied = await app.inject({ method: 'GET', url: '/api/v1/scoped/managers', headers: bearer(plain) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'INSUFFICIENT_ROLE' });
    const manager = await tokenFor(auth, 'dave@example.com', ['manager']);
    expect((await app.inject({ method: 'GET', url: '/api/v1/scoped/managers', headers: bearer(manager) })).statusCode).toBe(200);
  });

  it("keeps the contract's body rules on the library routes whatever parsers the app has: 415 for text, 413 over 16 KiB", async () => {
    const { app } = await buildApp();
    const text = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ statusCode: 415 });
    const big = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(40 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ statusCode: 413, code: 'BODY_TOO_LARGE' });
  });

  it("answers Fastify's own refusals on the app's routes in the contract's shape", async () => {
    const { app, auth } = await buildApp();
    const token = await tokenFor(auth, 'erin@example.com');
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/v1/notes',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"not json',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/v1/validated',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
  });

  it('never reads an anonymous body on a protected route: 401 before the parser', async () => {
    const { app } = await buildApp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/notes',
      headers: { 'content-type': 'application/json' },
      payload: '{"not json',
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers an unexpected error as the generic 500, without its message', async () => {
    const { app } = await buildApp();
    const res = await app.inject({ method: 'GET', url: '/api/v1/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.json()).toMatchObject({ statusCode: 500, code: 'INTERNAL_ERROR' });
    expect(logged).toContainEqual(new Error('database password is hunter2'));
  });

  it("hands the library routes' errors to the error handler the app sets after the plugin", async () => {
    const auth = createTestAuth(createMemoryStore()) as unknown as Auth;
    const app = Fastify();
    await app.register(gatehouse, { auth, errorHandler: false });
    const seen: string[] = [];
    app.setErrorHandler((error: { code?: string }, request, reply) => {
      seen.push(`${request.url} ${error.code}`);
      return errorHandler()(error, request, reply);
    });
    const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'x' });
    expect(res.statusCode).toBe(415);
    expect(seen).toEqual(['/api/v1/auth/login BODY_NOT_JSON']);
  });
});
