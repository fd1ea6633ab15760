import type { AddressInfo } from 'node:net';
import { createAuth, type Auth } from '@gatehousejs/core';
import type { AuthMail, AuthStore } from '@gatehousejs/core/ports';
import { createFakeHasher } from '@gatehousejs/core/testing';
import { authRoutes, errorHandler, notFound, userRoutes } from '@gatehousejs/hono';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';

export interface TestServer {
  baseUrl: string;
  auth: Auth;
  store: AuthStore;
  mails: AuthMail[];
  /** How many requests reached each path, e.g. `/api/v1/auth/refresh-token`. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/** Where the test server's GitHub sends the browser; never reached (the tests only read the URL). */
export const GITHUB_AUTHORIZATION_URL = 'https://github.test/login/oauth/authorize';
/** The one page social sign-in may send the browser back to. */
export const FRONT_PAGE = 'https://app.test/';

/**
 * The library's Hono routes on an ephemeral loopback port, with the in-memory store and a mailer
 * that keeps what it is asked to send. Access tokens live `accessTokenTtl` seconds. GitHub is the
 * one social provider, pointed at endpoints that are never called.
 */
export async function startTestServer(
  accessTokenTtl = 3600,
  extra: { cookieOrigins?: string[]; cookies?: true | 'auto' } = {},
): Promise<TestServer> {
  const mails: AuthMail[] = [];
  const store = createMemoryStore();
  const auth = createAuth({
    config: {
      accessTokenSecret: 'client-test-access-secret-0123456789abcdef',
      refreshTokenSecret: 'client-test-refresh-secret-0123456789abcdef',
      accessTokenTtl,
      jitterSeconds: 0,
      rateLimit: { enabled: false },
      ...(extra.cookieOrigins ? { cookies: { enabled: extra.cookies ?? true, trustedOrigins: extra.cookieOrigins } } : {}),
    },
    store,
    mfa: {
      encryptionKeys: ['BQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQU='],
      webauthn: { rpId: 'localhost', rpName: 'Client test', origins: ['http://localhost'] },
    },
    social: {
      appUrl: 'https://auth.test',
      redirectAllowlist: [FRONT_PAGE],
      providers: {
        github: {
          clientId: 'client-test-github',
          clientSecret: 'client-test-github-secret',
          endpoints: { authorizationEndpoint: GITHUB_AUTHORIZATION_URL, tokenEndpoint: 'https://github.test/login/oauth/access_token' },
        },
      },
    },
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
  // The user's own routes (profile, identities) as the library mounts them.
  app.route('/api/v1', userRoutes(auth));
  app.notFound(notFound());
  app.onError(errorHandler());

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    auth,
    store,
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
