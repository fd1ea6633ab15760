import { Hono } from 'hono';
import { resourceGuardSuite } from '../../http/src/resource-guard-suite.test-helpers.js';
import { errorHandler, notFound } from './error-handler.js';
import { publicRoute, requireUser, roles } from './guard.js';
import { secureRoutes } from './secure-routes.js';

// The Hono guard of a resource service, from a JWKS verifier alone, served in process.
resourceGuardSuite('Hono', (verifier) => {
  const api = secureRoutes(verifier);
  api.get('/open', publicRoute, (c) => c.json({ open: true }));
  api.get('/me', (c) => {
    const { id, roles: held } = requireUser(c);
    return c.json({ id, roles: held });
  });
  api.get('/reports', roles('user'), (c) => c.json({ reports: [] }));
  api.get('/admin', roles('manager'), (c) => c.json({ admin: true }));
  const app = new Hono();
  app.route('/', api);
  app.notFound(notFound());
  app.onError(errorHandler(() => {}));
  return { request: (path, init) => Promise.resolve(app.request(path, init)) };
});
