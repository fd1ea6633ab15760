import type { AddressInfo } from 'node:net';
import { createAuth, type Auth, type AuthMail } from '@gatehousejs/core';
import { createFakeHasher } from '@gatehousejs/core/testing';
import { authRoutes, errorHandler, notFound } from '@gatehousejs/hono';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';

export interface TestServer {
  baseUrl: string;
  auth: Auth;
  mails: AuthMail[];
  /** How many requests reached each path, e.g. `/api/v1/auth/refresh-token`. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/**
 * The library's Hono routes on an ephemeral loopback port, with the in-memory store and a mailer
 * that keeps what it is asked to send. Access tokens live `accessTokenTtl` seconds.
 */
export async function startTestServer(accessTokenTtl = 3600): Promise<TestServer> {
  const mails: AuthMail[] = [];
  const auth = createAuth({
    config: {
      accessTokenSecret: 'client-test-access-secret-0123456789abcdef',
      refreshTokenSecret: 'client-test-refresh-secret-0123456789abcdef',
      accessTokenTtl,
      jitterSeconds: 0,
      rateLimit: { enabled: false },
    },
    store: createMemoryStore(),
    mailer: { send: async (mail) => void mails.push(mail) },
    hasher: createFakeHasher(),
  });
  const hits = new Map<string, number>();
  const app = new Hono();
  app.use(async (c, next) => {
    hits.set(c.req.path, (hits.get(c.req.path) ?? 0) + 1);
    await next();
  });
  app.route('/api/v1/auth', authRoutes(auth));
  // The profile route as an app would write it with the library's verification.
  app.get('/api/v1/users/me', async (c) => {
    const header = c.req.header('authorization') ?? '';
    const payload = await auth.verifyAccessToken(header.replace(/^Bearer /, ''));
    return c.json(await auth.getUserProfile(payload.id));
  });
  app.notFound(notFound());
  app.onError(errorHandler());

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    auth,
    mails,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let counter = 0;
export function newAccount() {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: `ada_${tag}`,
    email: `ada.${tag}@example.test`,
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
  };
}
