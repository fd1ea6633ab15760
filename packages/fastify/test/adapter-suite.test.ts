import type { AccessVerifier } from '@gatehousejs/http';
import { describeAdapterSuite } from '@gatehousejs/http/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import Fastify from 'fastify';
import { gatehouse, gatehouseServerOptions } from '../src/index.js';

const json = (body: unknown) => JSON.stringify(body);

/**
 * The plugin and the suite's probe routes. Given an `Auth`, the plugin serves the library's routes
 * too; given a JWKS verifier, the guard alone (a resource service).
 */
async function probeApp(auth: AccessVerifier) {
  const app = Fastify(gatehouseServerOptions(() => {}));
  await app.register(gatehouse, { auth, errorLog: () => {} });
  // The probes in an encapsulated plugin: the guard reaches them through the onRoute hook.
  await app.register(
    async (probe) => {
      const send = (body: unknown) => (_request: unknown, reply: import('fastify').FastifyReply) =>
        reply.header('Content-Type', 'application/json; charset=utf-8').send(json(body));
      probe.get('/open', { config: { public: true } }, send({ open: true }));
      probe.get('/closed', (request, reply) => send({ id: request.user?.sub })(request, reply));
      probe.post('/echo', (request, reply) => send({ body: request.body ?? null })(request, reply));
      probe.get('/either', { config: { roles: ['manager', 'admin'] } }, send({ ok: true }));
      probe.get('/both', { config: { allRoles: ['manager', 'user'] } }, send({ ok: true }));
      probe.get('/odd', { config: { public: true, roles: ['admin'] } }, send({ odd: true }));
    },
    { prefix: '/probe' },
  );
  await app.ready();
  // In-process, through Fastify's own inject (light-my-request).
  return {
    fetch: async (request: Request) => {
      const url = new URL(request.url);
      const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
      const res = await app.inject({
        method: request.method as 'GET',
        url: `${url.pathname}${url.search}`,
        headers: Object.fromEntries(request.headers),
        ...(body ? { payload: body } : {}),
      });
      return new Response(res.statusCode === 204 || request.method === 'HEAD' ? null : res.rawPayload, {
        status: res.statusCode,
        headers: res.headers as Record<string, string>,
      });
    },
    close: () => app.close(),
  };
}

describeAdapterSuite('Fastify', {
  openStore: () => createMemoryStore(),
  createApp: probeApp,
  createResourceApp: probeApp,
});
