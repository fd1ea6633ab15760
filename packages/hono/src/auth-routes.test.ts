import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { authRoutes } from './library-routes.js';
import { errorHandler, notFound } from './error-handler.js';
import { securityHeaders } from './response-headers.js';
import { bearer, createTestAuth } from './test-auth.test-helpers.js';

const { auth } = createTestAuth();
const app = new Hono()
  .use('/api/*', securityHeaders())
  .route('/api/v1/auth', authRoutes(auth))
  .notFound(notFound())
  .onError(errorHandler(() => {}));

const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.request(`/api/v1/auth${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const registration = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  password: 'correct horse battery',
  confirmPassword: 'correct horse battery',
};

describe('authRoutes', () => {
  it('registers (201), logs in (200) and verifies the access token (200) with no-store headers', async () => {
    const registered = await post('/register', registration);
    expect(registered.status).toBe(201);
    expect(registered.headers.get('cache-control')).toBe('no-store');
    expect(registered.headers.get('x-content-type-options')).toBe('nosniff');
    expect(registered.headers.get('content-type')).toBe('application/json; charset=utf-8');

    const login = await post('/login', { email: 'ADA@example.com', password: registration.password });
    expect(login.status).toBe(200);
    const { accessToken, refreshToken } = (await login.json()) as { accessToken: string; refreshToken: string };

    const verified = await post('/verify-token', undefined, bearer(accessToken));
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({ user: { email: 'ada@example.com', roles: [] } });

    const logout = await post('/logout', { refreshToken });
    expect(logout.status).toBe(204);
    expect(await logout.text()).toBe('');
  });

  it('guards verify-token and logout-all, and keeps the other routes public', async () => {
    for (const path of ['/verify-token', '/logout-all']) {
      const res = await post(path);
      expect(res.status).toBe(401);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect((await post('/forgot-password', { email: 'nobody@example.com' })).status).toBe(200);
  });

  it('passes the query to verify-email: a missing or repeated token is a 400', async () => {
    expect((await app.request('/api/v1/auth/verify-email')).status).toBe(400);
    expect((await app.request('/api/v1/auth/verify-email?token=a&token=b')).status).toBe(400);
  });

  it('answers an unknown auth path with the JSON 404 and the security headers', async () => {
    const res = await post('/nope', {});
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      statusCode: 404,
      message: 'No route matches this request.',
      error: 'Not Found',
      code: 'ROUTE_NOT_FOUND',
    });
  });
});
