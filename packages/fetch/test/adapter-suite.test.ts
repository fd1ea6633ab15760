import type { AccessVerifier } from '@gatehousejs/http';
import { describeAdapterSuite } from '@gatehousejs/http/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { createFetchHandler, jsonResponse } from '../src/index.js';

/**
 * The handler and the suite's probe routes. Given an `Auth`, the handler serves the library's
 * routes too; given a JWKS verifier, the app's routes alone (a resource service).
 */
function probeApp(auth: AccessVerifier) {
  // In-process: no socket, so the peer is this process, as on loopback.
  const peer = { peerAddress: '127.0.0.1' };
  const api = createFetchHandler(auth, { onError: () => {} });
  // The probes under their own base path, with the handler's own route declarations.
  const probe = createFetchHandler(auth, {
    basePath: '/probe',
    onError: () => {},
    routes: [
      { method: 'GET', path: '/open', access: 'public', handle: () => jsonResponse(200, { open: true }) },
      { method: 'GET', path: '/closed', handle: (_request, { user }) => jsonResponse(200, { id: user?.sub }) },
      { method: 'POST', path: '/echo', handle: (_request, { body }) => jsonResponse(200, { body: body ?? null }) },
      { method: 'GET', path: '/either', roles: ['manager', 'admin'], handle: () => jsonResponse(200, { ok: true }) },
      { method: 'GET', path: '/both', allRoles: ['manager', 'user'], handle: () => jsonResponse(200, { ok: true }) },
      { method: 'GET', path: '/odd', access: 'public', roles: ['admin'], handle: () => jsonResponse(200, { odd: true }) },
    ],
  });
  return {
    fetch: (request: Request) => (new URL(request.url).pathname.startsWith('/probe/') ? probe(request, peer) : api(request, peer)),
  };
}

describeAdapterSuite('Web-standard handler', {
  openStore: () => createMemoryStore(),
  createApp: probeApp,
  createResourceApp: probeApp,
});
