import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { cors } from './response-headers.js';
import { errorHandler, notFound } from './error-handler.js';
import { jsonResponse } from './json-response.js';
import { securityHeaders } from './response-headers.js';

const ALLOWED = 'https://app.example.com';

/** The routes' own answers, kept so a test can tell whether the middleware replaced them. */
function appWithBuiltAnswers() {
  const built: Response[] = [];
  const keep = (res: Response) => {
    built.push(res);
    return res;
  };
  const app = new Hono()
    .use('/api/*', securityHeaders(), cors([ALLOWED]))
    .get('/api/json', (c) => keep(jsonResponse(c, 200, { status: 'ok' })))
    .get('/api/async', async (c) => keep(c.json(await Promise.resolve({ late: true }))))
    .get('/api/own', () => keep(new Response('own')))
    .get('/api/cacheable', () => keep(new Response('public', { headers: { 'cache-control': 'public, max-age=600' } })))
    .get('/api/fails', () => {
      throw new HTTPException(409, { message: 'Taken.' });
    })
    .notFound(notFound())
    .onError(errorHandler(() => {}));
  return { app, built };
}

const expectSecurityHeaders = (res: Response) => {
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
};

describe('securityHeaders', () => {
  it("answers with the handler's own response object, headers included, instead of a copy", async () => {
    const { app, built } = appWithBuiltAnswers();
    for (const path of ['/api/json', '/api/async']) {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      // A copy would be a new Response, which @hono/node-server streams instead of writing directly.
      expect(res).toBe(built.at(-1));
      expectSecurityHeaders(res);
    }
  });

  it("answers a cross-origin request with the handler's own response too, CORS headers included", async () => {
    const { app, built } = appWithBuiltAnswers();
    const res = await app.request('/api/json', { headers: { origin: ALLOWED } });
    expect(res).toBe(built.at(-1));
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('vary')).toBe('Origin');
    expectSecurityHeaders(res);
  });

  it('still puts no-store and nosniff on a Response a handler built itself', async () => {
    const { app } = appWithBuiltAnswers();
    const res = await app.request('/api/own', { headers: { origin: ALLOWED } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('own');
    expectSecurityHeaders(res);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });

  it('keeps a cache header the answer sets on purpose (as Express does), and still adds nosniff', async () => {
    const { app } = appWithBuiltAnswers();
    const res = await app.request('/api/cacheable');
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('covers error answers and 404s of the paths it is mounted on', async () => {
    const { app } = appWithBuiltAnswers();
    const failed = await app.request('/api/fails');
    expect(failed.status).toBe(409);
    expect(await failed.json()).toEqual({ statusCode: 409, message: 'Taken.', error: 'Conflict', code: 'REQUEST_REFUSED' });
    expectSecurityHeaders(failed);
    const missing = await app.request('/api/nothing-here');
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing);
  });
});
