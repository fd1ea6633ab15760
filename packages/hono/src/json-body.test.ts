import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { errorHandler, notFound } from './error-handler.js';
import type { GatehouseEnv } from './gatehouse-env.js';
import { publicRoute } from './guard.js';
import { secureRoutes } from './secure-routes.js';
import { createTestAuth } from './test-auth.test-helpers.js';

const { auth } = createTestAuth();
const api = secureRoutes(auth, { bodyLimitBytes: 64 });
api.post('/echo', publicRoute, (c) => c.json({ body: c.get('body') ?? null }));
api.post('/text', publicRoute, async (c) => c.json({ text: await c.req.text() }));
api.post('/protected', (c) => c.json({ body: c.get('body') ?? null }));
let rawBefore: Request | undefined;
api.post('/same-request', publicRoute, (c) => c.json({ same: c.req.raw === rawBefore, body: c.get('body') ?? null }));
const logged: unknown[] = [];
const app = new Hono<GatehouseEnv>()
  .use('/same-request', async (c, next) => {
    rawBefore = c.req.raw;
    await next();
  })
  .route('/', api)
  .notFound(notFound())
  .onError(errorHandler((e) => logged.push(e)));

// Apps that read the body before the Gatehouse routes.
const readFirst = new Hono<GatehouseEnv>()
  .use('/json/*', async (c, next) => {
    await c.req.json().catch(() => undefined);
    await next();
  })
  .use('/raw/*', async (c, next) => {
    await c.req.raw.text();
    await next();
  })
  .route('/json', api)
  .route('/raw', api)
  .notFound(notFound())
  .onError(errorHandler((e) => logged.push(e)));
const postFirst = (path: string, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  readFirst.request(path, { method: 'POST', body, headers });

const post = (path: string, body: RequestInit['body'], headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  app.request(path, { method: 'POST', body, headers });

async function expectError(res: Response, status: number, error: string, code: string) {
  expect(res.status).toBe(status);
  expect(await res.json()).toEqual({ statusCode: status, message: expect.any(String), error, code });
}

describe('jsonBody on secureRoutes', () => {
  it('parses a JSON body into c.get("body"); the last of duplicate keys wins', async () => {
    const res = await post('/echo', '{"a":1,"a":2}');
    expect(await res.json()).toEqual({ body: { a: 2 } });
  });

  it('accepts +json media types and an explicit UTF-8 charset', async () => {
    expect((await post('/echo', '{"a":1}', { 'content-type': 'application/merge-patch+json; charset=UTF-8' })).status).toBe(200);
  });

  it('gives undefined for an empty body, whatever its content type', async () => {
    expect(await (await post('/echo', undefined, {})).json()).toEqual({ body: null });
    expect(await (await post('/echo', '', { 'content-type': 'text/plain' })).json()).toEqual({ body: null });
  });

  it('keeps c.req.text() working after the body was read', async () => {
    expect(await (await post('/text', '{"a":1}')).json()).toEqual({ text: '{"a":1}' });
  });

  it('answers 400 to malformed JSON and to bytes that are not UTF-8', async () => {
    await expectError(await post('/echo', '{"a":'), 400, 'Bad Request', 'BODY_MALFORMED');
    await expectError(await post('/echo', new Uint8Array([0x22, 0xff, 0x22])), 400, 'Bad Request', 'BODY_MALFORMED');
  });

  it('answers 413 over the limit, by declared length and by counted bytes', async () => {
    const big = JSON.stringify({ a: 'x'.repeat(100) });
    await expectError(await post('/echo', big), 413, 'Payload Too Large', 'BODY_TOO_LARGE');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i += 1) controller.enqueue(new TextEncoder().encode('          '));
        controller.close();
      },
    });
    const chunked = await app.request('/echo', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    await expectError(chunked, 413, 'Payload Too Large', 'BODY_TOO_LARGE');
  });

  it('keeps the same Request: reading the body builds no new one', async () => {
    expect(await (await post('/same-request', '{"a":1}')).json()).toEqual({ same: true, body: { a: 1 } });
  });
});

describe('a body that the app read before the Gatehouse routes', () => {
  it("takes it from Hono's body cache under the same rules: parsed, never lost", async () => {
    expect(await (await postFirst('/json/echo', '{"a":3}')).json()).toEqual({ body: { a: 3 } });
    expect(await (await postFirst('/json/text', '{"a":3}')).json()).toEqual({ text: '{"a":3}' });
  });

  it('answers 413, 415 and 400 as for a body read here', async () => {
    await expectError(await postFirst('/json/echo', JSON.stringify({ a: 'x'.repeat(100) })), 413, 'Payload Too Large', 'BODY_TOO_LARGE');
    await expectError(
      await postFirst('/json/echo', 'a=1', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      'Unsupported Media Type',
      'BODY_NOT_JSON',
    );
    await expectError(await postFirst('/json/echo', '{"a":'), 400, 'Bad Request', 'BODY_MALFORMED');
  });

  it('fails loudly, with the cause in the server log, when the raw stream was read outside the cache', async () => {
    await expectError(await postFirst('/raw/echo', '{"a":1}'), 500, 'Internal Server Error', 'INTERNAL_ERROR');
    expect(String(logged.at(-1))).toContain('The request body was read before Gatehouse');
  });
});
