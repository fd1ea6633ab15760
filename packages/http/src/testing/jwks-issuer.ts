import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Auth } from '@gatehousejs/core';
import { JWKS_ROUTES } from '../routes/jwks-route.js';

/** How the issuer's JWKS endpoint behaves: answering, answering after a delay, or failing with 500. */
export type JwksMode = { kind: 'ok' } | { kind: 'slow'; delayMs: number } | { kind: 'error' };

export interface TestIssuer {
  auth: Auth;
  /** `http://127.0.0.1:<port>/api/v1/auth/jwks` on a real loopback socket. */
  jwksUrl: string;
  /** Requests the JWKS endpoint has received. */
  fetches(): number;
  setMode(mode: JwksMode): void;
  /** Swaps the issuer (a rotation), keeping the same address. */
  setAuth(auth: Auth): void;
  /** Registers a fresh user and returns its access token. */
  accessToken(): Promise<string>;
  /** Closes the socket (connections refused) or opens it again on the same port. */
  stop(): Promise<void>;
  restart(): Promise<void>;
}

let counter = 0;

/**
 * Serves `auth`'s JWKS route (`GET /api/v1/auth/jwks`) on a real loopback socket, with switches
 * for the outage cases: the issuer a resource service's verifier fetches keys from in the tests.
 */
export async function startIssuer(first: Auth): Promise<TestIssuer> {
  let auth = first;
  let mode: JwksMode = { kind: 'ok' };
  let fetches = 0;
  const route = JWKS_ROUTES[0]!;
  const listener = async (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    fetches += 1;
    if (req.url !== '/api/v1/auth/jwks') return void res.writeHead(404).end();
    if (mode.kind === 'error') return void res.writeHead(500).end('{}');
    if (mode.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, (mode as { delayMs: number }).delayMs));
    const result = await route.handle(auth, { body: undefined, query: {}, user: undefined, client: {} });
    res.writeHead(result.status, { 'content-type': 'application/json', ...result.headers }).end(JSON.stringify(result.body));
  };
  let server: Server = createServer((req, res) => void listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    get auth() {
      return auth;
    },
    jwksUrl: `http://127.0.0.1:${port}/api/v1/auth/jwks`,
    fetches: () => fetches,
    setMode: (next) => {
      mode = next;
    },
    setAuth: (next) => {
      auth = next;
    },
    async accessToken() {
      counter += 1;
      const id = `jwks${counter}${Math.random().toString(36).slice(2, 8)}`;
      const password = 'correct horse battery staple';
      const result = await auth.register({
        firstName: 'A',
        lastName: 'B',
        username: id,
        email: `${id}@example.com`,
        password,
        confirmPassword: password,
      });
      return result.accessToken;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async restart() {
      server = createServer((req, res) => void listener(req, res));
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
  };
}
