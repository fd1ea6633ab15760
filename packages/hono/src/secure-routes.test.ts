import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorHandler, notFound } from './error-handler.js';
import type { GatehouseEnv } from './gatehouse-env.js';
import { publicRoute, requireUser } from './guard.js';
import { secureRoutes } from './secure-routes.js';
import { bearer, createTestAuth } from './test-auth.test-helpers.js';

const { auth, tokenFor } = createTestAuth();
const tokens: Record<string, string> = {};
const logged: unknown[] = [];

const api = secureRoutes(auth);
api.get('/open', publicRoute, (c) => c.json({ open: true }));
api.get('/closed', (c) => c.json({ id: requireUser(c).id }));
api.get('/chained', (c) => c.json({ method: 'GET' })).post((c) => c.json({ method: 'POST' }));
api.on(['PUT', 'PATCH'], '/on', (c) => c.json({ on: true }));
api.basePath('/nested').get('/deep', (c) => c.json({ deep: true }));
api.get('/broken', publicRoute, () => {
  throw new Error('database password is hunter2');
});
const inner = secureRoutes(auth).get('/inside', (c) => c.json({ inside: true }));
inner.get('/inside-open', publicRoute, (c) => c.json({ insideOpen: true }));
api.route('/sub', inner);
api.route(
  '/plain',
  new Hono().get('/leak', (c) => c.json({ leak: true })),
);
api.mount('/mounted', () => new Response('mounted'));
api.get('/shadow/:name', publicRoute, (_c, next) => next());
api.get('/shadow/secret', (c) => c.json({ secret: true }));
api.get('/user-type', publicRoute, (c) => c.json({ user: c.get('user') ?? null }));

// A secureRoutes app with middleware of its own, and one with its own onError.
const withUse = secureRoutes(auth);
withUse.use('/marked/*', publicRoute, async (c, next) => {
  await next();
  c.header('x-seen', 'yes');
});
withUse.use('/unmarked/*', async (_c, next) => next());
withUse.get('/marked/open', publicRoute, (c) => c.json({ open: true }));
withUse.get('/unmarked/open', publicRoute, (c) => c.json({ open: true }));
const ownErrors = secureRoutes(auth).onError((_e, c) => c.json({ own: true }, 418));
ownErrors.get('/closed', (c) => c.json({ ownClosed: true }));

const app = new Hono<GatehouseEnv>()
  .route('/', api)
  .route('/with-use', withUse)
  .route('/own-errors', ownErrors)
  .notFound(notFound())
  .onError(errorHandler((e) => logged.push(e)));

beforeAll(async () => {
  tokens.user = await tokenFor(['user']);
});

const get = (path: string, token?: string) => app.request(path, { headers: token ? bearer(token) : {} });

describe('secureRoutes (deny by default)', () => {
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
      expect(await res.json()).toEqual({ statusCode: 401, message: expect.any(String), error: 'Unauthorized', code: 'TOKEN_MISSING' });
      expect((await app.request(path, { method, headers: bearer(tokens.user!) })).status, `${method} ${path}`).toBe(200);
    }
  });

  it('puts the verified payload in c.get("user")', async () => {
    const res = await get('/closed', tokens.user);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not answer OPTIONS on its own: an undeclared OPTIONS is the JSON 404', async () => {
    for (const path of ['/open', '/closed']) {
      const res = await app.request(path, { method: 'OPTIONS' });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('allow')).toBeNull();
    }
  });

  it('answers an unexpected error with a generic 500 and logs it only on the server', async () => {
    const res = await get('/broken');
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({
      statusCode: 500,
      message: 'An unexpected error occurred.',
      error: 'Internal Server Error',
      code: 'INTERNAL_ERROR',
    });
    expect(logged).toHaveLength(1);
    expect(String(logged[0])).toContain('hunter2');
  });

  it('guards a plain Hono app mounted with route() and a handler mounted with mount() as routes of its own', async () => {
    for (const path of ['/plain/leak', '/mounted/anything']) {
      expect((await get(path)).status, path).toBe(401);
      expect((await get(path, tokens.user)).status, path).toBe(200);
    }
  });

  it('keeps the markers of another secureRoutes app mounted inside: public stays public', async () => {
    expect(await (await get('/sub/inside-open')).json()).toEqual({ insideOpen: true });
    expect((await get('/sub/inside')).status).toBe(401);
  });

  it('protects a request that a public route could pass on to a protected one of the same path', async () => {
    expect((await get('/shadow/secret')).status).toBe(401);
    expect(await (await get('/shadow/secret', tokens.user)).json()).toEqual({ secret: true });
  });

  it('treats middleware added with use() as a route: public only when it carries the marker too', async () => {
    const marked = await get('/with-use/marked/open');
    expect(marked.status).toBe(200);
    expect(marked.headers.get('x-seen')).toBe('yes');
    expect((await get('/with-use/unmarked/open')).status).toBe(401);
    expect((await get('/with-use/unmarked/open', tokens.user)).status).toBe(200);
  });

  it('decides each request by its own routes when requests repeat and interleave (decisions are kept per route sequence)', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const path of ['/open', '/closed', '/with-use/marked/open', '/with-use/unmarked/open', '/shadow/secret', '/sub/inside-open']) {
        statuses.push((await get(path)).status);
      }
    }
    expect(statuses).toEqual([200, 401, 200, 401, 401, 200, 200, 401, 200, 401, 401, 200, 200, 401, 200, 401, 401, 200]);
  });

  it('guards the routes of a secureRoutes app that has its own onError', async () => {
    expect((await get('/own-errors/closed')).status).toBe(418);
    expect(await (await get('/own-errors/closed', tokens.user)).json()).toEqual({ ownClosed: true });
  });

  it('answers the same JSON 404 with and without a token when no route matches the path and method', async () => {
    for (const [method, path] of [
      ['GET', '/nowhere'],
      ['DELETE', '/open'],
      ['POST', '/closed'],
    ] as const) {
      const anonymous = await app.request(path, { method });
      const signedIn = await app.request(path, { method, headers: bearer(tokens.user!) });
      expect([anonymous.status, signedIn.status], `${method} ${path}`).toEqual([404, 404]);
      expect(anonymous.headers.get('www-authenticate')).toBeNull();
    }
  });

  it('leaves c.get("user") undefined on a public route', async () => {
    expect(await (await get('/user-type', tokens.user)).json()).toEqual({ user: null });
  });
});
