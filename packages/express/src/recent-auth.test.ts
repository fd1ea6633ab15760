import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuth } from '@gatehousejs/core';
import { createFakeClock, createFakeHasher } from '@gatehousejs/core/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { errorHandler, notFound } from './error-handler.js';
import { recentAuth } from './recent-auth.js';
import { secureRouter } from './secure-router.js';

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
    const api = secureRouter(auth);
    api.post('/billing/card', recentAuth(auth, 300), (_req, res) => void res.json({ ok: true }));
    const server = createServer(
      express()
        .use(api)
        .use(notFound())
        .use(errorHandler(() => {})),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const { accessToken } = await auth.register({
        firstName: 'Ada',
        lastName: 'L',
        username: 'ada_recent',
        email: 'ada-recent@example.com',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
      const call = () => fetch(`${base}/billing/card`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });
      expect((await call()).status).toBe(200);
      clock.advance(301);
      const refused = await call();
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ statusCode: 403, code: 'REAUTHENTICATION_REQUIRED' });
    } finally {
      auth.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
