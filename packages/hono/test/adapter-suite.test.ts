import type { AccessVerifier } from '@gatehousejs/http';
import { describeAdapterSuite } from '@gatehousejs/http/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { Hono } from 'hono';
import {
  allRoles,
  authRoutes,
  errorHandler,
  notFound,
  publicRoute,
  requireUser,
  roles,
  secureRoutes,
  userRoutes,
  type GatehouseEnv,
} from '../src/index.js';

// In-process: no socket, so no client address (said once, silenced here).
const quiet = { warn: () => {} };

/** The suite's probe routes on secureRoutes, from an `Auth` or a JWKS verifier alike. */
function probes(verifier: AccessVerifier) {
  const probe = secureRoutes(verifier, quiet);
  probe.get('/open', publicRoute, (c) => c.json({ open: true }));
  probe.get('/closed', (c) => c.json({ id: requireUser(c).id }));
  probe.post('/echo', (c) => c.json({ body: c.get('body') ?? null }));
  probe.get('/either', roles('manager', 'admin'), (c) => c.json({ ok: true }));
  probe.get('/both', allRoles('manager', 'user'), (c) => c.json({ ok: true }));
  probe.get('/odd', publicRoute, roles('admin'), (c) => c.json({ odd: true }));
  return probe;
}

const served = (app: Hono<GatehouseEnv>) => {
  app.notFound(notFound()).onError(errorHandler(() => {}));
  return { fetch: async (request: Request) => app.fetch(request) };
};

describeAdapterSuite('Hono', {
  openStore: () => createMemoryStore(),
  createApp: (auth) =>
    served(
      new Hono<GatehouseEnv>()
        .route('/probe', probes(auth))
        .route('/api/v1/auth', authRoutes(auth, quiet))
        .route('/api/v1', userRoutes(auth, quiet)),
    ),
  createResourceApp: (verifier) => served(new Hono<GatehouseEnv>().route('/probe', probes(verifier))),
});
