import type { AccessVerifier } from '@gatehousejs/http';
import { describeAdapterSuite } from '@gatehousejs/http/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import {
  allRoles,
  authenticate,
  authRoutes,
  errorHandler,
  notFound,
  publicRoute,
  recentAuth,
  requireUser,
  roles,
  secureRoutes,
  userRoutes,
  type GatehouseEnv,
} from '../src/index.js';

// In-process: no socket, so no client address (said once, silenced here).
const quiet = { warn: () => {} };
const ok = (c: Context) => c.json({ ok: true });

/** The suite's probe routes on secureRoutes, from an `Auth` or a JWKS verifier alike. */
function probes(verifier: AccessVerifier) {
  const probe = secureRoutes(verifier, quiet);
  probe.get('/open', publicRoute, (c) => c.json({ open: true }));
  probe.get('/closed', (c) => c.json({ id: requireUser(c).id }));
  probe.post('/echo', (c) => c.json({ body: c.get('body') ?? null }));
  probe.get('/either', roles('manager', 'admin'), ok);
  probe.get('/both', allRoles('manager', 'user'), ok);
  probe.get('/odd', publicRoute, roles('admin'), (c) => c.json({ odd: true }));
  return probe;
}

const served = (app: Hono<GatehouseEnv>) => {
  app.notFound(notFound()).onError(errorHandler(() => {}));
  return { fetch: async (request: Request) => app.fetch(request) };
};

describeAdapterSuite('Hono', {
  openStore: () => createMemoryStore(),
  guardHelpers: true,
  createApp(auth) {
    const probe = probes(auth);
    probe.get('/who', publicRoute, (c) => c.json({ id: requireUser(c).id }));
    probe.post('/recent', recentAuth(auth, 300), ok);
    // Routes outside any guard.
    const foreign: MiddlewareHandler<GatehouseEnv> = async (c, next) => {
      // Another library's user in the context: the role check must not take it for a verified one.
      c.set('user', { id: 'x', email: 'x@example.com', roles: ['admin'] } as never);
      await next();
    };
    const plain = new Hono<GatehouseEnv>()
      .get('/roles', roles('admin'), ok)
      .get('/roles-auth', roles(auth, 'manager'), (c) => c.json({ id: c.get('user')?.id }))
      .get('/all-roles-auth', allRoles(auth, 'manager', 'user'), ok)
      .get('/authenticated', authenticate(auth), roles('manager'), ok)
      .get('/foreign-user', foreign, roles('admin'), ok);
    return served(
      new Hono<GatehouseEnv>()
        .route('/probe', probe)
        .route('/plain', plain)
        .route('/api/v1/auth', authRoutes(auth, quiet))
        .route('/api/v1', userRoutes(auth, quiet)),
    );
  },
  createResourceApp: (verifier) => served(new Hono<GatehouseEnv>().route('/probe', probes(verifier))),
});
