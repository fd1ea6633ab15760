import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthError } from '@gatehousejs/core';
import { toErrorResponse } from '@gatehousejs/http';
import type { HttpSuiteTarget, SuiteAppParts, SuiteStorage } from '@gatehousejs/http/testing';
import { SUITE_PROBES } from '@gatehousejs/http/testing';
import { createNativeArgon2idHasher } from '@gatehousejs/hasher';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { createFetchHandler, jsonResponse, type FetchHandler } from '../src/index.js';

/** The smallest handler that serves everything the HTTP suite drives, with this adapter's public API only. */
export function suiteHandler({ auth, corsOrigins, trustedProxyHops }: SuiteAppParts): FetchHandler {
  return createFetchHandler(auth, {
    corsOrigins,
    trustedProxyHops,
    resetPasswordPage: true,
    routes: [
      {
        method: 'GET',
        path: SUITE_PROBES.public.replace('/api/v1', ''),
        access: 'public',
        handle: () => jsonResponse(200, { status: 'ok' }),
      },
      {
        method: 'GET',
        path: SUITE_PROBES.managers.replace('/api/v1', ''),
        roles: ['manager', 'admin', 'super'],
        handle: () => jsonResponse(200, { ok: true }),
      },
    ],
  });
}

export function memoryStorage(): SuiteStorage {
  const store = createMemoryStore();
  return { store, close: () => store.close() };
}

// @hono/node-server's answer to what it cannot make a `Request` of (`GET *`, a backslash): the contract's 400.
const refuseTarget = () => {
  const { status, body } = toErrorResponse(new AuthError('REQUEST_TARGET_INVALID'));
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
  });
};

/**
 * The suite's target for the web-standard handler: requests go in-process to the handler (the peer
 * is this process, as on loopback); the same handler also listens on an ephemeral loopback port,
 * through @hono/node-server's Request/Response bridge, for the cases that must write raw bytes.
 */
export function fetchTarget(openStorage: HttpSuiteTarget['openStorage'], skipReason?: string): HttpSuiteTarget {
  return {
    openStorage,
    skipReason,
    // Off the event loop, as in production: the login-timing and hash-flood cases measure real hashes.
    createHasher: (params) => ({ hasher: createNativeArgon2idHasher(params) }),
    async createApp(parts) {
      const handler = suiteHandler(parts);
      const listener = getRequestListener(
        (request, env) => handler(request, { peerAddress: (env as HttpBindings).incoming.socket.remoteAddress }),
        { errorHandler: refuseTarget },
      );
      const server = createServer(listener);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      return {
        fetch: (request) => handler(request, { peerAddress: '127.0.0.1' }),
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
