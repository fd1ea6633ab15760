import { AuthError, createRolePolicy, type AccessTokenPayload, type Auth } from '@gatehousejs/core';
import { describe, expect, it } from 'vitest';
import type { Route } from '../routes/route.js';
import { createKernel, UNKNOWN_PEER_WARNING } from './create-kernel.js';
import { memoryExchange } from './memory-exchange.js';
import { routeTable } from './route-table.js';

const USER: AccessTokenPayload<string> = { id: 'u1', email: 'ada@example.com', roles: ['user'] } as AccessTokenPayload<string>;

// Only what the kernel calls: the token check and the role policy.
const auth = {
  roles: createRolePolicy<string>({}),
  verifyAccessToken: async (token: string) => {
    if (token === 'good') return USER;
    throw new AuthError('TOKEN_INVALID');
  },
} as unknown as Auth<string>;

const echo: Route['handle'] = async (_a, i) => ({
  status: 200,
  body: { body: i.body ?? null, user: i.user?.id ?? null, params: i.params, query: i.query },
});
const table = routeTable<Route>([
  { method: 'GET', path: '/open', access: 'public', handle: echo },
  { method: 'POST', path: '/open', access: 'public', handle: echo },
  { method: 'GET', path: '/closed', handle: echo },
  { method: 'GET', path: '/items/:id', handle: echo },
  { method: 'GET', path: '/admins', roles: ['admin'], handle: echo },
]);
const kernel = createKernel(auth, { bodyLimitBytes: 32, trustedProxies: 'loopback' });
const json = (answer: { body: string | undefined }) => JSON.parse(answer.body ?? 'null') as Record<string, unknown>;
const error = async (pending: Promise<unknown> | undefined) => {
  const thrown = await pending!.then(
    () => undefined,
    (e: unknown) => e,
  );
  return kernel.answerError(memoryExchange({ target: '/' }), thrown);
};

describe('the kernel', () => {
  it('serves a public route to anyone and passes nothing on that no route matches', async () => {
    const answer = await kernel.dispatch(table, memoryExchange({ target: '/open?a=1&a=2' }))!;
    expect(answer.status).toBe(200);
    expect(answer.headers['Content-Type']).toBe('application/json; charset=utf-8');
    expect(json(answer)).toEqual({ body: null, user: null, params: {}, query: { a: ['1', '2'] } });
    expect(kernel.dispatch(table, memoryExchange({ target: '/nothing' }))).toBeUndefined();
    expect(kernel.dispatch(table, memoryExchange({ target: '/open/' }))).toBeUndefined();
  });

  it('denies by default: a route that says nothing needs a valid token (401 with its code)', async () => {
    const missing = await error(kernel.dispatch(table, memoryExchange({ target: '/closed' })));
    expect(missing).toMatchObject({ status: 401, headers: { 'WWW-Authenticate': 'Bearer' } });
    expect(json(missing)).toEqual({ statusCode: 401, message: expect.any(String), error: 'Unauthorized', code: 'TOKEN_MISSING' });
    const bad = await error(kernel.dispatch(table, memoryExchange({ target: '/closed', headers: { authorization: 'Bearer nope' } })));
    expect(json(bad).code).toBe('TOKEN_INVALID');
    const ok = await kernel.dispatch(table, memoryExchange({ target: '/items/a%20b', headers: { authorization: 'Bearer good' } }))!;
    expect(json(ok)).toMatchObject({ user: 'u1', params: { id: 'a b' } });
  });

  it('answers 403 INSUFFICIENT_ROLE to a valid token without one of the roles', async () => {
    const denied = await error(kernel.dispatch(table, memoryExchange({ target: '/admins', headers: { authorization: 'Bearer good' } })));
    expect(json(denied)).toMatchObject({ statusCode: 403, code: 'INSUFFICIENT_ROLE' });
  });

  it('applies the body rules: 413 over the limit, 415 not JSON or compressed, 400 malformed', async () => {
    const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
      error(kernel.dispatch(table, memoryExchange({ method: 'POST', target: '/open', body, headers })));
    expect(json(await post(`{"a":"${'x'.repeat(40)}"}`)).code).toBe('BODY_TOO_LARGE');
    expect(json(await post('a=1', { 'content-type': 'text/plain' })).code).toBe('BODY_NOT_JSON');
    expect(json(await post('{}', { 'content-type': 'application/json', 'content-encoding': 'gzip' })).code).toBe('BODY_COMPRESSED');
    expect(json(await post('{"a":')).code).toBe('BODY_MALFORMED');
    const ok = await kernel.dispatch(
      table,
      memoryExchange({ method: 'POST', target: '/open', body: '{"a":1}', headers: { 'content-type': 'application/json' } }),
    )!;
    expect(json(ok).body).toEqual({ a: 1 });
  });

  it('reads no body for GET or a declared length of 0, and none of an anonymous caller on a protected route', async () => {
    const get = memoryExchange({ target: '/open', body: '{"a":1}' });
    await kernel.dispatch(table, get);
    const empty = memoryExchange({ method: 'POST', target: '/open', body: '{"a":1}', headers: { 'content-length': '0' } });
    await kernel.dispatch(table, empty);
    expect([get.opened, empty.opened]).toEqual([0, 0]);
    const anonymous = memoryExchange({ method: 'POST', target: '/closed', body: '{"a":', headers: { 'content-type': 'application/json' } });
    expect(kernel.dispatch(table, anonymous)).toBeUndefined(); // no POST /closed: passed on untouched
    const admitted = kernel.admit(anonymous, 'protected');
    await expect(admitted).rejects.toMatchObject({ code: 'TOKEN_MISSING' });
    expect(anonymous.opened).toBe(0);
  });

  it('answers a path that is not validly percent-encoded with 400 before the token', async () => {
    const bad = await error(kernel.dispatch(table, memoryExchange({ target: '/items/%ZZ' })));
    expect(json(bad)).toMatchObject({ statusCode: 400, code: 'PATH_MALFORMED' });
  });

  it('reads X-Forwarded-For only through the trusted proxies', () => {
    const through = (peerAddress: string) =>
      kernel.client(memoryExchange({ target: '/', peerAddress, headers: { 'x-forwarded-for': '198.51.100.7, 203.0.113.9' } }))
        .clientAddress;
    expect(through('127.0.0.1')).toBe('203.0.113.9');
    expect(through('192.0.2.1')).toBe('192.0.2.1');
  });

  it('reads X-Forwarded-For by hop count alone, also when the address list is empty (TRUST_PROXY unset)', () => {
    const byHops = createKernel(auth, { trustedProxies: [], trustedProxyHops: 1 });
    const forwarded = memoryExchange({
      target: '/',
      peerAddress: '192.0.2.1',
      headers: { 'x-forwarded-for': '198.51.100.7, 203.0.113.9' },
    });
    expect(byHops.client(forwarded).clientAddress).toBe('203.0.113.9');
    expect(createKernel(auth).client(forwarded).clientAddress).toBe('192.0.2.1');
  });
});

describe('the peer address', () => {
  it('says once, loudly, when the adapter cannot tell a client address, never silently', () => {
    const said: string[] = [];
    const blind = createKernel(auth, { warn: (message) => said.push(message) });
    blind.client(memoryExchange({ target: '/' }));
    blind.client(memoryExchange({ target: '/' }));
    expect(said).toEqual([UNKNOWN_PEER_WARNING]);
    blind.client(memoryExchange({ target: '/', peerAddress: '192.0.2.1' }));
    expect(said).toHaveLength(1);
  });
});
