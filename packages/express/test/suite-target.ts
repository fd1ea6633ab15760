import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpSuiteTarget, SuiteAppParts, SuiteStorage } from '@gatehousejs/http/testing';
import { SUITE_PROBES } from '@gatehousejs/http/testing';
import { createNativeArgon2idHasher } from '@gatehousejs/hasher';
import { createMemoryStore } from '@gatehousejs/store-memory';
import express, { type Express } from 'express';
import {
  authRouter,
  cors,
  errorHandler,
  normalizePath,
  notFound,
  publicRoute,
  resetPasswordPage,
  roles,
  secureRouter,
  securityHeaders,
  userRouter,
} from '../src/index.js';

/** The smallest app that mounts everything the HTTP suite drives, with this adapter's public API only. */
export function suiteApp({ auth, corsOrigins, trustedProxyHops }: SuiteAppParts): Express {
  const probes = secureRouter(auth);
  probes.get(SUITE_PROBES.public.replace('/api/v1', ''), publicRoute, (_req, res) => {
    res.json({ status: 'ok' });
  });
  probes.get(SUITE_PROBES.managers.replace('/api/v1', ''), roles('manager', 'admin', 'super'), (_req, res) => {
    res.json({ ok: true });
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // Exact paths, as on Hono (see docs/express.md).
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  app.use(normalizePath());
  app.use('/api', securityHeaders(), cors(corsOrigins));
  app.use('/api/v1/auth', authRouter(auth, { trustedProxyHops }));
  app.use('/api/v1', userRouter(auth, { trustedProxyHops }));
  app.use('/api/v1', probes);
  app.use(resetPasswordPage());
  app.use(notFound());
  app.use(errorHandler());
  return app;
}

export function memoryStorage(): SuiteStorage {
  const store = createMemoryStore();
  return { store, close: () => store.close() };
}

/** The suite's target for Express: the app listens on an ephemeral loopback port. */
export function expressTarget(openStorage: HttpSuiteTarget['openStorage'], skipReason?: string): HttpSuiteTarget {
  return {
    openStorage,
    skipReason,
    // Off the event loop, as in production: the login-timing and hash-flood cases measure real hashes.
    createHasher: (params) => ({ hasher: createNativeArgon2idHasher(params) }),
    async createApp(parts) {
      const server = createServer(suiteApp(parts));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      return {
        baseUrl: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeIdleConnections();
          }),
      };
    },
  };
}
