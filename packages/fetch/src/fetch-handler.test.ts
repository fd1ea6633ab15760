import type { Auth } from '@gatehousejs/core';
import { createTestAuth } from '@gatehousejs/core/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { describe, expect, it, vi } from 'vitest';
import { UNKNOWN_PEER_WARNING } from '@gatehousejs/http/adapter';
import { createFetchHandler, jsonResponse, type AppRoute } from './index.js';

const ORIGIN = 'http://app.test';
const PEER = { peerAddress: '192.0.2.10' };

async function tokenFor(auth: Auth, roles: string[]): Promise<string> {
  const email = `u${roles.join('-') || 'plain'}@example.com`;
  const password = 'correct horse battery';
  const { user } = await auth.register({
    firstName: 'T',
    lastName: 'T',
    username: `u${roles.length}x`,
    email,
    password,
    confirmPassword: password,
  });
  const root = await auth.ensureSuperUser({ email: 'root@example.com', password: 'root passphrase here' });
  if (roles.length > 0) await auth.setRoles(root, user.id, { roles: roles as never });
  return (await auth.login({ email, password })).accessToken;
}

const seen: unknown[] = [];
const routes: AppRoute[] = [
  { method: 'GET', path: '/open', access: 'public', handle: () => jsonResponse(200, { open: true }) },
  { method: 'GET', path: '/mine', handle: (_request, { user }) => jsonResponse(200, { id: user?.sub }) },
  { method: 'GET', path: '/reports/:id', roles: ['manager'], handle: (_request, { params }) => jsonResponse(200, params) },
  { method: 'GET', path: '/loose', access: 'public', roles: ['admin'], handle: () => jsonResponse(200, {}) },
  {
    method: 'POST',
    path: '/echo',
    handle: (_request, { body }) => {
      seen.push(body);
      return jsonResponse(201, { body });
    },
  },
  { method: 'POST', path: '/upload', body: 'none', handle: async (request) => jsonResponse(200, { text: await request.text() }) },
];

function setUp(options: Parameters<typeof createFetchHandler>[1] = {}) {
  const auth = createTestAuth(createMemoryStore()) as unknown as Auth;
  const handler = createFetchHandler(auth, { routes, ...options });
  const call = (path: string, init: RequestInit = {}, facts = PEER) => handler(new Request(`${ORIGIN}${path}`, init), facts);
  return { auth, handler, call };
}

const UNAUTHENTICATED = { statusCode: 401, error: 'Unauthorized' };

describe('createFetchHandler', () => {
  it('never opens the body stream of a request the runtime says has none (hasBody: false)', async () => {
    const { auth, call } = setUp();
    const token = await tokenFor(auth, []);
    // A bridge's stream for a request without Content-Length: reading it is the cost to avoid.
    const verify = async (facts: typeof PEER & { hasBody?: boolean }) => {
      const pull = vi.fn((controller: ReadableStreamDefaultController<Uint8Array>) => controller.close());
      const init = {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: new ReadableStream({ pull }, { highWaterMark: 0 }),
        duplex: 'half',
      };
      const answer = await call('/api/v1/auth/verify-token', init as RequestInit, facts);
      return { status: answer.status, pulled: pull.mock.calls.length > 0 };
    };
    expect(await verify({ ...PEER, hasBody: false })).toEqual({ status: 200, pulled: false });
    // Where the runtime cannot tell, the stream decides (here: it is read, and empty).
    expect(await verify(PEER)).toEqual({ status: 200, pulled: true });
  });

  it('denies an app route without a token, and serves it with one', async () => {
    const { auth, call } = setUp();
    const anonymous = await call('/api/v1/mine');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject(UNAUTHENTICATED);
    const token = await tokenFor(auth, []);
    const mine = await call('/api/v1/mine', { headers: { authorization: `Bearer ${token}` } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(await mine.json()).toEqual({ id: expect.any(String) });
  });

  it('opens only routes declared public, and a public route that names roles still needs the token', async () => {
    const { call } = setUp();
    expect(await (await call('/api/v1/open')).json()).toEqual({ open: true });
    expect((await call('/api/v1/loose')).status).toBe(401);
  });

  it('answers 403 INSUFFICIENT_ROLE without one of the roles and passes the decoded parameters with it', async () => {
    const { auth, call } = setUp();
    const plain = await tokenFor(auth, []);
    const denied = await call('/api/v1/reports/a%20b', { headers: { authorization: `Bearer ${plain}` } });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ statusCode: 403, code: 'INSUFFICIENT_ROLE' });
    const manager = await tokenFor(auth, ['manager']);
    const allowed = await call('/api/v1/reports/a%20b', { headers: { authorization: `Bearer ${manager}` } });
    expect(await allowed.json()).toEqual({ id: 'a b' });
  });

  it('reads an app route body under the contract rules: 415 for text, 413 over the limit, never reaching the handler', async () => {
    const { auth, call } = setUp({ bodyLimitBytes: 64 });
    const token = await tokenFor(auth, []);
    const headers = { authorization: `Bearer ${token}` };
    seen.length = 0;
    const text = await call('/api/v1/echo', { method: 'POST', headers: { ...headers, 'content-type': 'text/plain' }, body: '{}' });
    expect(text.status).toBe(415);
    const big = await call('/api/v1/echo', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ x: 'y'.repeat(100) }),
    });
    expect(big.status).toBe(413);
    expect(seen).toEqual([]);
    const ok = await call('/api/v1/echo', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toEqual({ body: { a: 1 } });
  });

  it("leaves the body in the Request for a route with body: 'none'", async () => {
    const { auth, call } = setUp();
    const token = await tokenFor(auth, []);
    const res = await call('/api/v1/upload', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: 'a,b',
    });
    expect(await res.json()).toEqual({ text: 'a,b' });
  });

  it('serves the library routes under another basePath, and nothing under the default one', async () => {
    const { call } = setUp({ basePath: '/auth-api/' });
    const login = await call('/auth-api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(login.status).toBe(400);
    const elsewhere = await call('/api/v1/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toMatchObject({ statusCode: 404, code: 'ROUTE_NOT_FOUND' });
  });

  it('hands what no route took to the fallback, and answers the JSON 404 when it declines', async () => {
    const { call } = setUp({ fallback: (request) => (new URL(request.url).pathname === '/' ? new Response('home') : undefined) });
    expect(await (await call('/')).text()).toBe('home');
    const missing = await call('/nowhere');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('answers a preflight from a listed origin with 204 and ignores other origins', async () => {
    const { call } = setUp({ corsOrigins: ['https://web.test'] });
    const preflight = await call('/api/v1/auth/login', {
      method: 'OPTIONS',
      headers: { origin: 'https://web.test', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://web.test');
    const stranger = await call('/api/v1/open', { headers: { origin: 'https://evil.test' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('says once, loudly, when it cannot tell the client address, and not when a proxy setting tells it', async () => {
    const onWarning = vi.fn();
    const { call } = setUp({ warn: onWarning });
    await call('/api/v1/open', {}, {} as typeof PEER);
    await call('/api/v1/open', {}, {} as typeof PEER);
    expect(onWarning.mock.calls).toEqual([[UNKNOWN_PEER_WARNING]]);

    const behindProxy = vi.fn();
    const proxied = setUp({ warn: behindProxy, trustedProxyHops: 1 });
    await proxied.call('/api/v1/open', { headers: { 'x-forwarded-for': '203.0.113.7' } }, {} as typeof PEER);
    expect(behindProxy).not.toHaveBeenCalled();
  });
});
