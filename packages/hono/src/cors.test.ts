import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { cors } from './response-headers.js';
import { notFound } from './error-handler.js';

const ALLOWED = 'https://app.example.com';
const app = new Hono()
  .use('/api/*', cors([ALLOWED]))
  .post('/api/echo', (c) => c.json({ ok: true }))
  .notFound(notFound());

describe('cors (allowlist only)', () => {
  it('echoes a listed origin exactly, with Vary: Origin and never credentials', async () => {
    const res = await app.request('/api/echo', { method: 'POST', headers: { origin: ALLOWED } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('vary')).toBe('Origin');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('answers a preflight from a listed origin with 204 and the allowed methods and headers', async () => {
    const res = await app.request('/api/echo', {
      method: 'OPTIONS',
      headers: { origin: ALLOWED, 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, Gatehouse-Session');
  });

  it('adds nothing for another origin, and leaves its preflight to the JSON 404', async () => {
    const other = await app.request('/api/echo', { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await app.request('/api/echo', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(404);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
