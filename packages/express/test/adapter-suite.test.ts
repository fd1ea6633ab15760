import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AccessVerifier } from '@gatehousejs/http';
import { describeAdapterSuite, loopbackFetch } from '@gatehousejs/http/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import express, { type Express } from 'express';
import {
  allRoles,
  authenticate,
  authRouter,
  errorHandler,
  notFound,
  publicRoute,
  recentAuth,
  requireUser,
  roles,
  secureRouter,
  userRouter,
} from '../src/index.js';

const ok = (_req: express.Request, res: express.Response) => void res.json({ ok: true });

/** The suite's probe routes on a secureRouter, from an `Auth` or a JWKS verifier alike. */
function probes(verifier: AccessVerifier) {
  const probe = secureRouter(verifier);
  probe.get('/open', publicRoute, (_req, res) => void res.json({ open: true }));
  probe.get('/closed', (req, res) => void res.json({ id: requireUser(req).id }));
  probe.post('/echo', (req, res) => void res.json({ body: req.body ?? null }));
  probe.get('/either', roles('manager', 'admin'), ok);
  probe.get('/both', allRoles('manager', 'user'), ok);
  probe.get('/odd', publicRoute, roles('admin'), (_req, res) => void res.json({ odd: true }));
  return probe;
}

// Express answers Node's requests: the suite's requests go over loopback.
async function loopback(app: Express) {
  app.use(notFound()).use(errorHandler(() => {}));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    fetch: loopbackFetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describeAdapterSuite('Express', {
  openStore: () => createMemoryStore(),
  guardHelpers: true,
  createApp(auth) {
    const probe = probes(auth);
    probe.get('/who', publicRoute, (req, res) => void res.json({ id: requireUser(req).id }));
    probe.post('/recent', recentAuth(auth, 300), ok);
    // Routes outside any guard.
    const plain = express.Router();
    plain.get('/roles', roles('admin'), ok);
    plain.get('/roles-auth', roles(auth, 'manager'), (req, res) => void res.json({ id: req.user?.id }));
    plain.get('/all-roles-auth', allRoles(auth, 'manager', 'user'), ok);
    plain.get('/authenticated', authenticate(auth), roles('manager'), ok);
    const foreign: express.RequestHandler = (req, _res, next) => {
      // Another library's user on the request: the role check must not take it for a verified one.
      req.user = { id: 'x', email: 'x@example.com', roles: ['admin'] } as never;
      next();
    };
    plain.get('/foreign-user', foreign, roles('admin'), ok);
    return loopback(
      express().use('/probe', probe).use('/plain', plain).use('/api/v1/auth', authRouter(auth)).use('/api/v1', userRouter(auth)),
    );
  },
  createResourceApp: (verifier) => loopback(express().use('/probe', probes(verifier))),
});
