// Peer app for the benchmark: Better Auth on Hono with SQLite, as its documentation sets it up
// (email and password, default scrypt hashing, cookie sessions), rate limits off like the examples.
// argv[2]: the SQLite file; argv[3] `two-factor`: with its two-factor plugin (TOTP), as its
// documentation adds it. Tells the parent its port over IPC (see lib/script-server.ts).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { betterAuth } from 'better-auth';
import { twoFactor } from 'better-auth/plugins';
import { getMigrations } from 'better-auth/db/migration';
import Database from 'better-sqlite3';
import { Hono } from 'hono';
import '../servers/cpu-reporter.js';

const database = new Database(process.argv[2] ?? ':memory:');
database.pragma('journal_mode = WAL');
const server = createServer();
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;

const auth = betterAuth({
  database,
  secret: randomBytes(32).toString('base64url'),
  baseURL: `http://127.0.0.1:${port}`,
  emailAndPassword: { enabled: true },
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
  ...(process.argv[3] === 'two-factor' ? { appName: 'Bench', plugins: [twoFactor()] } : {}),
});
await (await getMigrations(auth.options)).runMigrations();

const app = new Hono();
app.on(['GET', 'POST'], '/api/auth/*', (c) => auth.handler(c.req.raw));
// The protected route: who is signed in, from the session cookie (Better Auth's getSession).
app.get('/api/me', async (c) => {
  const session = await auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) return c.json({ message: 'Unauthorized' }, 401);
  return c.json(session.user);
});

server.on('request', getRequestListener(app.fetch));
process.send!({ type: 'ready', port });
process.once('SIGTERM', () => {
  database.close();
  process.exit(0);
});
