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

describeAdapterSuite('Hono', {
  openStore: () => createMemoryStore(),
  createApp(auth) {
    const probe = secureRoutes(auth, { warn: () => {} });
    probe.get('/open', publicRoute, (c) => c.json({ open: true }));
    probe.get('/closed', (c) => c.json({ id: requireUser(c).id }));
    probe.post('/echo', (c) => c.json({ body: c.get('body') ?? null }));
    probe.get('/either', roles('manager', 'admin'), (c) => c.json({ ok: true }));
    probe.get('/both', allRoles('manager', 'user'), (c) => c.json({ ok: true }));
    probe.get('/odd', publicRoute, roles('admin'), (c) => c.json({ odd: true }));
    // In-process: no socket, so no client address (said once, silenced here).
    const quiet = { warn: () => {} };
    const app = new Hono<GatehouseEnv>()
      .route('/probe', probe)
      .route('/api/v1/auth', authRoutes(auth, quiet))
      .route('/api/v1', userRoutes(auth, quiet))
      .notFound(notFound())
      .onError(errorHandler(() => {}));
    return { fetch: async (request) => app.fetch(request) };
  },
});
