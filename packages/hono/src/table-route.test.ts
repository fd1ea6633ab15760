import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { authRoutes } from './library-routes.js';
import { errorHandler, notFound } from './error-handler.js';
import { publicRoute } from './guard.js';
import { secureRoutes } from './secure-routes.js';
import { userRoutes } from './library-routes.js';
import { bearer, createTestAuth } from './test-auth.test-helpers.js';

const { auth, tokenFor } = createTestAuth();
const finish = (app: Hono) => app.notFound(notFound()).onError(errorHandler(() => {}));

describe('the route tables (authRoutes, userRoutes)', () => {
  it('guard a route an app adds to them, as a secureRoutes app does', async () => {
    const users = userRoutes(auth);
    users.get('/extra', (c) => c.json({ extra: true }));
    users.get('/open', publicRoute, (c) => c.json({ open: true }));
    const auths = authRoutes(auth);
    auths.post('/extra', (c) => c.json({ extra: true }));
    const app = finish(new Hono().route('/api/v1/auth', auths).route('/api/v1', users));
    const token = await tokenFor([]);

    expect((await app.request('/api/v1/extra')).status).toBe(401);
    expect((await app.request('/api/v1/auth/extra', { method: 'POST' })).status).toBe(401);
    expect((await app.request('/api/v1/open')).status).toBe(200);
    const extra = await app.request('/api/v1/extra', { headers: bearer(token) });
    expect(extra.status).toBe(200);
    expect(await extra.json()).toEqual({ extra: true });
    expect((await app.request('/api/v1/users/me', { headers: bearer(token) })).status).toBe(200);
  });

  it('keep their public and protected routes when mounted in a secureRoutes app', async () => {
    const outer = secureRoutes(auth);
    outer.route('/auth', authRoutes(auth));
    outer.route('/', userRoutes(auth));
    const app = finish(new Hono().route('/api/v1', outer));

    const forgot = await app.request('/api/v1/auth/forgot-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com' }),
    });
    expect(forgot.status).toBe(200);
    expect((await app.request('/api/v1/auth/verify-token', { method: 'POST' })).status).toBe(401);
    expect((await app.request('/api/v1/users/me')).status).toBe(401);
  });

  it('check a route’s roles after the token: 401 without one, 403 without the role, 200 with it', async () => {
    const app = finish(new Hono().route('/api/v1', userRoutes(auth)));
    expect((await app.request('/api/v1/users')).status).toBe(401);
    expect((await app.request('/api/v1/users', { headers: bearer(await tokenFor(['manager'])) })).status).toBe(403);
    expect((await app.request('/api/v1/users', { headers: bearer(await tokenFor(['admin'])) })).status).toBe(200);
  });
});
