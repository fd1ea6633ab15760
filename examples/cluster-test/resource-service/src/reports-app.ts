import { errorHandler, notFound, publicRoute, requireUser, roles, secureRouter } from '@gatehousejs/express';
import type { JwksVerifier } from '@gatehousejs/http';
import express, { type Express } from 'express';

/**
 * The reports service: an app that holds no database, no secret and no way to mint a token. Its
 * routes are guarded from the issuer's JWKS alone (docs/keys.md, "Protect another service"), under
 * the path nginx sends it (`/reports/`).
 */
export function createReportsApp(verifier: JwksVerifier): Express {
  const reports = secureRouter(verifier);
  reports.get('/health', publicRoute, (_req, res) => void res.json({ status: 'ok' }));
  reports.get('/mine', (req, res) => {
    const user = requireUser(req);
    res.json({ for: user.id, roles: user.roles, sid: user.sid });
  });
  reports.get('/all', roles('admin'), (_req, res) => void res.json({ reports: [] }));

  const app = express();
  app.disable('x-powered-by');
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  app.use('/reports', reports);
  app.use(notFound());
  // The guard's answers are the contract's error bodies; anything else is logged here, never sent.
  app.use(errorHandler());
  return app;
}
