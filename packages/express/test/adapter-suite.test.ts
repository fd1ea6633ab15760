import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeAdapterSuite } from '@gatehousejs/http/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import express from 'express';
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

describeAdapterSuite('Express', {
  openStore: () => createMemoryStore(),
  guardHelpers: true,
  async createApp(auth) {
    const ok = (_req: express.Request, res: express.Response) => void res.json({ ok: true });
    const probe = secureRouter(auth);
    probe.get('/open', publicRoute, (_req, res) => void res.json({ open: true }));
    probe.get('/closed', (req, res) => void res.json({ id: requireUser(req).id }));
    probe.post('/echo', (req, res) => void res.json({ body: req.body ?? null }));
    probe.get('/either', roles('manager', 'admin'), ok);
    probe.get('/both', allRoles('manager', 'user'), ok);
    probe.get('/odd', publicRoute, roles('admin'), (_req, res) => void res.json({ odd: true }));
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
    const app = express()
      .use('/probe', probe)
      .use('/plain', plain)
      .use('/api/v1/auth', authRouter(auth))
      .use('/api/v1', userRouter(auth))
      .use(notFound())
      .use(errorHandler(() => {}));
    // Express answers Node's requests: the suite's requests go over loopback.
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      fetch: (request) => {
        const url = new URL(request.url);
        return fetch(`${base}${url.pathname}${url.search}`, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          duplex: 'half',
        } as RequestInit);
      },
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  },
});
