// `GET /bench/hello` answering `{"ok":true}` on each framework, bare or behind Gatehouse's
// deny-by-default guard as each adapter's documentation declares it. Each returns the port it listens on.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Auth } from '@gatehousejs/core';
import * as gatehouseExpress from '@gatehousejs/express';
import { gatehouse, gatehouseServerOptions } from '@gatehousejs/fastify';
import { createFetchHandler, jsonResponse, type FetchHandler } from '@gatehousejs/fetch';
import * as gatehouseHono from '@gatehousejs/hono';
import type { AccessVerifier } from '@gatehousejs/http';
import { getRequestListener, serve, type HttpBindings } from '@hono/node-server';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import type { GuardFramework } from './protocol.js';
import { listen } from './listen.js';
import { logUnexpected } from './log-unexpected.js';
import { nestGuardApp } from './nest-guard-app.js';

export const hello = { ok: true };

/** Express: `secureRouter(verifier)` when guarded, `express.Router()` when bare, both mounted at `/bench`. */
function expressGuardApp(verifier: AccessVerifier | undefined): Promise<number> {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const api = verifier ? gatehouseExpress.secureRouter(verifier) : express.Router();
  api.get('/hello', (_req, res) => void res.json(hello));
  app.use('/bench', api);
  app.use(gatehouseExpress.errorHandler(logUnexpected));
  return listen(createServer(app));
}

/**
 * Hono: `secureRoutes(verifier)` when guarded, `new Hono()` when bare, mounted at `/bench`.
 * `publicJwks`: also serve the issuer's key set at `/jwks`, outside the guard (for a resource service).
 */
export function honoGuardApp(verifier: AccessVerifier | undefined, publicJwks?: () => Promise<unknown>): Promise<number> {
  const app = new Hono<gatehouseHono.GatehouseEnv>();
  if (publicJwks) app.get('/jwks', async (c) => c.json(await publicJwks()));
  const api = verifier ? gatehouseHono.secureRoutes(verifier) : new Hono<gatehouseHono.GatehouseEnv>();
  api.get('/hello', (c) => c.json(hello));
  app.route('/bench', api);
  app.onError(gatehouseHono.errorHandler(logUnexpected));
  return new Promise((resolve) => serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port)));
}

/**
 * Fastify 5: the `gatehouse` plugin (and the server options its documentation asks for) when
 * guarded, a plain `Fastify()` when bare; the route in a plugin under the `/bench` prefix.
 */
async function fastifyGuardApp(auth: Auth<string> | undefined): Promise<number> {
  const app = auth ? Fastify(gatehouseServerOptions(logUnexpected)) : Fastify();
  if (auth) await app.register(gatehouse, { auth, errorLog: logUnexpected });
  await app.register(
    async (api) => {
      api.get('/hello', async () => hello);
    },
    { prefix: '/bench' },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/**
 * The web-standard handler on node:http through @hono/node-server's bridge, as the fetch example's
 * `node-listener.ts` serves it (the peer address from Node's socket): `createFetchHandler` with the
 * route as an app route under `/bench` when guarded, a handler answering the same JSON when bare.
 */
function fetchGuardApp(auth: Auth<string> | undefined): Promise<number> {
  const handler: FetchHandler = auth
    ? createFetchHandler(auth, {
        basePath: '/bench',
        routes: [{ method: 'GET', path: '/hello', handle: () => jsonResponse(200, hello) }],
        onError: logUnexpected,
      })
    : async (request) =>
        new URL(request.url).pathname === '/bench/hello' ? jsonResponse(200, hello) : new Response(null, { status: 404 });
  const listener = getRequestListener((request, env) =>
    handler(request, { peerAddress: (env as HttpBindings).incoming.socket.remoteAddress }),
  );
  return listen(createServer(listener));
}

/** The framework's app, bare (`auth` undefined) or guarded by `auth`; resolves to its port. */
export function startGuardApp(framework: GuardFramework, auth: Auth<string> | undefined): Promise<number> {
  if (framework === 'express') return expressGuardApp(auth);
  if (framework === 'hono') return honoGuardApp(auth);
  if (framework === 'fastify') return fastifyGuardApp(auth);
  if (framework === 'fetch') return fetchGuardApp(auth);
  return nestGuardApp(auth);
}
