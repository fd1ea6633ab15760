import type { AddressInfo } from 'node:net';
import type { HttpSuiteTarget, SuiteAppParts, SuiteStorage } from '@gatehousejs/http/testing';
import { SUITE_PROBES } from '@gatehousejs/http/testing';
import { createNativeArgon2idHasher } from '@gatehousejs/hasher';
import { createMemoryStore } from '@gatehousejs/store-memory';
import Fastify, { type FastifyInstance } from 'fastify';
import { gatehouse, gatehouseServerOptions } from '../src/index.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The smallest app that serves everything the HTTP suite drives, with this adapter's public API only. */
export async function suiteApp({ auth, corsOrigins, trustedProxyHops }: SuiteAppParts): Promise<FastifyInstance> {
  const app = Fastify(gatehouseServerOptions());
  await app.register(gatehouse, { auth, corsOrigins, trustedProxyHops, resetPasswordPage: true });
  // In a plugin of its own (encapsulated): the guard reaches it through the onRoute hook.
  await app.register(async (probes) => {
    probes.get(SUITE_PROBES.public, { config: { public: true } }, (_request, reply) =>
      reply.header('Content-Type', JSON_TYPE).send(JSON.stringify({ status: 'ok' })),
    );
    probes.get(SUITE_PROBES.managers, { config: { roles: ['manager', 'admin', 'super'] } }, (_request, reply) =>
      reply.header('Content-Type', JSON_TYPE).send(JSON.stringify({ ok: true })),
    );
  });
  await app.ready();
  return app;
}

export function memoryStorage(): SuiteStorage {
  const store = createMemoryStore();
  return { store, close: () => store.close() };
}

/** The suite's target for Fastify: the app listens on an ephemeral loopback port (real HTTP, raw bytes included). */
export function fastifyTarget(openStorage: HttpSuiteTarget['openStorage'], skipReason?: string): HttpSuiteTarget {
  return {
    openStorage,
    skipReason,
    // Off the event loop, as in production: the login-timing and hash-flood cases measure real hashes.
    createHasher: (params) => ({ hasher: createNativeArgon2idHasher(params) }),
    async createApp(parts) {
      const app = await suiteApp(parts);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      return { baseUrl: `http://127.0.0.1:${port}`, close: () => app.close() };
    },
  };
}
