import { createAuth } from '@gatehousejs/core';
import { createFakeClock, createFakeHasher } from '@gatehousejs/core/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { errorHandler, notFound } from './error-handler.js';
import { recentAuth } from './recent-auth.js';
import { secureRoutes } from './secure-routes.js';

const PASSWORD = 'correct horse battery';

describe('recentAuth', () => {
  it('admits a session authenticated within the age and answers 403 REAUTHENTICATION_REQUIRED after it', async () => {
    const clock = createFakeClock();
    const auth = createAuth({
      config: { accessTokenSecret: 'a'.repeat(32), refreshTokenSecret: 'b'.repeat(32), accessTokenTtl: '1h' },
      store: createMemoryStore(),
      mailer: { send: async () => {} },
      hasher: createFakeHasher(),
      clock,
    });
    const api = secureRoutes(auth);
    api.post('/billing/card', recentAuth(auth, 300), (c) => c.json({ ok: true }));
    const app = new Hono().route('/api/v1', api);
    app.notFound(notFound());
    app.onError(errorHandler(() => {}));
    const { accessToken } = await auth.register({
      firstName: 'Ada',
      lastName: 'L',
      username: 'ada_recent',
      email: 'ada-recent@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const call = () => app.request('/api/v1/billing/card', { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });

    expect((await call()).status).toBe(200);
    clock.advance(301);
    const refused = await call();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ statusCode: 403, code: 'REAUTHENTICATION_REQUIRED' });
    auth.close();
  });
});
