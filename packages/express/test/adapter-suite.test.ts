import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AccessVerifier } from '@gatehousejs/http';
import { describeAdapterSuite, loopbackFetch } from '@gatehousejs/http/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import express, { type Express } from 'express';
import { allRoles, authRouter, errorHandler, notFound, publicRoute, requireUser, roles, secureRouter, userRouter } from '../src/index.js';

/** The suite's probe routes on a secureRouter, from an `Auth` or a JWKS verifier alike. */
function probes(verifier: AccessVerifier) {
  const probe = secureRouter(verifier);
  probe.get('/open', publicRoute, (_req, res) => void res.json({ open: true }));
  probe.get('/closed', (req, res) => void res.json({ id: requireUser(req).id }));
  probe.post('/echo', (req, res) => void res.json({ body: req.body ?? null }));
  probe.get('/either', roles('manager', 'admin'), (_req, res) => void res.json({ ok: true }));
  probe.get('/both', allRoles('manager', 'user'), (_req, res) => void res.json({ ok: true }));
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
  createApp: (auth) =>
    loopback(express().use('/probe', probes(auth)).use('/api/v1/auth', authRouter(auth)).use('/api/v1', userRouter(auth))),
  createResourceApp: (verifier) => loopback(express().use('/probe', probes(verifier))),
});
