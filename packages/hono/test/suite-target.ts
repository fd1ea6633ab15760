import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { getConnInfo as nodeConnInfo } from '@hono/node-server/conninfo';
import type { HttpSuiteTarget, SuiteAppParts, SuiteStorage } from '@gatehousejs/http/testing';
import { SUITE_PROBES } from '@gatehousejs/http/testing';
import { createNativeArgon2idHasher } from '@gatehousejs/hasher';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { Hono } from 'hono';
import type { GetConnInfo } from 'hono/conninfo';
import {
  authRoutes,
  cors,
  errorHandler,
  jsonResponse,
  nodeRequestErrorHandler,
  notFound,
  publicRoute,
  resetPasswordPage,
  roles,
  secureRoutes,
  securityHeaders,
  userRoutes,
} from '../src/index.js';

// In-process requests have no socket: the peer is this process, as on loopback.
const getConnInfo: GetConnInfo = (c) =>
  (c.env as { incoming?: unknown } | undefined)?.incoming ? nodeConnInfo(c) : { remote: { address: '127.0.0.1' } };

/** The smallest app that mounts everything the HTTP suite drives, with this adapter's public API only. */
export function suiteApp({ auth, corsOrigins, trustedProxyHops }: SuiteAppParts): Hono {
  const probes = secureRoutes(auth);
  probes.get(SUITE_PROBES.public.replace('/api/v1', ''), publicRoute, (c) => jsonResponse(c, 200, { status: 'ok' }));
  probes.get(SUITE_PROBES.managers.replace('/api/v1', ''), roles('manager', 'admin', 'super'), (c) => jsonResponse(c, 200, { ok: true }));

  const app = new Hono();
  app.use('/api/*', securityHeaders(), cors(corsOrigins));
  app.route('/api/v1/auth', authRoutes(auth, { getConnInfo, trustedProxyHops }));
  app.route('/api/v1', userRoutes(auth, { getConnInfo, trustedProxyHops }));
  app.route('/api/v1', probes);
  app.use(resetPasswordPage());
  app.notFound(notFound());
  app.onError(errorHandler());
  return app;
}

export function memoryStorage(): SuiteStorage {
  const store = createMemoryStore();
  return { store, close: () => store.close() };
}

/**
 * The suite's target for Hono: requests go in-process to `app.fetch`; the same app also listens on
 * an ephemeral loopback port (`@hono/node-server`) for the cases that must write raw bytes.
 */
export function honoTarget(openStorage: HttpSuiteTarget['openStorage'], skipReason?: string): HttpSuiteTarget {
  return {
    openStorage,
    skipReason,
    // Off the event loop, as in production: the login-timing and hash-flood cases measure real hashes.
    createHasher: (params) => ({ hasher: createNativeArgon2idHasher(params) }),
    async createApp(parts) {
      const app = suiteApp(parts);
      // As docs/hono.md shows for Node: the listener built with the adapter's handler for the
      // requests @hono/node-server cannot build (`GET *`, backslashes), so they get the contract's 400.
      const server = createServer(getRequestListener(app.fetch, { errorHandler: nodeRequestErrorHandler() }));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      return {
        fetch: (request) => app.fetch(request),
        baseUrl: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((resolve) => server.close(() => resolve())),
      };
    },
  };
}
