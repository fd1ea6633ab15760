import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { resourceGuardSuite } from '../../http/src/resource-guard-suite.test-helpers.js';
import { errorHandler, notFound } from './error-handler.js';
import { publicRoute, requireUser, roles } from './guard.js';
import { secureRouter } from './secure-router.js';

// The Express guard of a resource service, from a JWKS verifier alone, served on a loopback socket.
resourceGuardSuite('Express', async (verifier) => {
  const api = secureRouter(verifier);
  api.get('/open', publicRoute, (_req, res) => void res.json({ open: true }));
  api.get('/me', (req, res) => {
    const { id, roles: held } = requireUser(req);
    res.json({ id, roles: held });
  });
  api.get('/reports', roles('user'), (_req, res) => void res.json({ reports: [] }));
  api.get('/admin', roles('manager'), (_req, res) => void res.json({ admin: true }));
  const app = express();
  app.use(api);
  app.use(notFound());
  app.use(errorHandler(() => {}));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    request: (path, init) => fetch(`${base}${path}`, init),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
});
