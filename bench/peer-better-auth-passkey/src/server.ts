// Peer app for the benchmark: Better Auth on Hono with SQLite and its passkey plugin, set up as
// bench/src/peers/better-auth-server.ts sets up section 7's peer (email and password, cookie sessions,
// rate limits off) with `passkey()` added as its documentation shows. A package of its own because
// @better-auth/passkey 1.7.6 pins older versions of Better Auth's parts as peers than the better-auth
// of the other peers uses (see package.json).
// argv[2]: the SQLite file; argv[3]: the origin of the page the passkeys are used from (the relying
// party is its host name). Tells the parent its port over IPC; the parent preloads
// bench/dist/servers/cpu-reporter.js so it can ask for this process's CPU time.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { passkey } from '@better-auth/passkey';
import { getRequestListener } from '@hono/node-server';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import Database from 'better-sqlite3';
import { Hono } from 'hono';

const database = new Database(process.argv[2] ?? ':memory:');
database.pragma('journal_mode = WAL');
const origin = process.argv[3] ?? 'http://localhost:3000';
const server = createServer();
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;

const auth = betterAuth({
  database,
  secret: randomBytes(32).toString('base64url'),
  baseURL: `http://127.0.0.1:${port}`,
  // The page at `origin` calls the API: its requests carry that Origin, which Better Auth checks.
  trustedOrigins: [origin],
  appName: 'Bench',
  emailAndPassword: { enabled: true },
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
  plugins: [passkey({ rpID: new URL(origin).hostname, rpName: 'Bench', origin })],
});
await (await getMigrations(auth.options)).runMigrations();

const app = new Hono();
app.on(['GET', 'POST'], '/api/auth/*', (c) => auth.handler(c.req.raw));

server.on('request', getRequestListener(app.fetch));
process.send!({ type: 'ready', port });
process.once('SIGTERM', () => {
  database.close();
  process.exit(0);
});
