// One benchmark server per process, described by the JSON in argv[2] (see protocol.ts). It tells the
// parent where it listens over IPC and answers questions about its event loop and memory.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createArgon2idHasher, createAuth, type Auth, type AuthStore, type PasswordHasher } from '@gatehousejs/core';
import { openStore } from '@gatehousejs/example-server-kit';
import * as gatehouseExpress from '@gatehousejs/express';
import * as gatehouseHono from '@gatehousejs/hono';
import { createArgon2idWorkerPool, createNativeArgon2idHasher, createNativeArgon2idWorkerPool } from '@gatehousejs/hasher';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { serve } from '@hono/node-server';
import express from 'express';
import { Hono } from 'hono';
import { processTreeMemory } from './process-tree-memory.js';
import { createTinypoolHasher } from './tinypool-hasher.js';
import { BENCH_PASSWORD, type Answer, type HasherKind, type Question, type ServerSpec } from './protocol.js';

const spec = JSON.parse(process.argv[2] ?? '') as ServerSpec;
// Sampling interval of the event-loop monitor; the histogram's values include it, so it is subtracted.
const LOOP_SAMPLE_MS = 2;
let stopping = false;
// Requests still queued when the benchmark stops the server fail on the closed store: not news.
const logUnexpected = (error: unknown) => {
  if (!stopping) console.error(error);
};
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
// libuv's default thread pool, which runs @node-rs/argon2's work.
const LIBUV_THREADS = Number(process.env.UV_THREADPOOL_SIZE ?? 4);

interface Hashing {
  hasher: PasswordHasher;
  concurrency: number;
  close(): Promise<void>;
}

function openHashing(kind: HasherKind, threadNice: number | undefined): Hashing {
  if (kind === 'native-libuv') return { hasher: createNativeArgon2idHasher(ARGON2), concurrency: LIBUV_THREADS, close: async () => {} };
  if (kind === 'wasm-pool' || kind === 'native-pool') {
    const options = threadNice === undefined ? {} : { threadNice };
    const pool = kind === 'wasm-pool' ? createArgon2idWorkerPool(ARGON2, options) : createNativeArgon2idWorkerPool(ARGON2, options);
    // The pool's capacity (twice its workers: each holds the next hash while computing one), which
    // createAuth takes as its cap when none is set, as in the example server.
    return { hasher: pool, concurrency: pool.capacity, close: () => pool.close() };
  }
  if (kind === 'wasm-tinypool' || kind === 'native-tinypool') {
    const pool = createTinypoolHasher(ARGON2, kind === 'wasm-tinypool' ? 'hash-wasm' : 'native', threadNice);
    return { hasher: pool, concurrency: pool.capacity, close: () => pool.close() };
  }
  // Today's default: hash-wasm on the event-loop thread, with core's default cap.
  return { hasher: createArgon2idHasher(ARGON2), concurrency: 4, close: async () => {} };
}

function openAuth(store: AuthStore, hashing: Hashing, accessTokenCache = true): Auth {
  return createAuth({
    config: {
      accessTokenSecret: randomBytes(32).toString('base64url'),
      refreshTokenSecret: randomBytes(32).toString('base64url'),
      // The benchmark logs one user in thousands of times from one address: that is the load, not an attack.
      rateLimit: { enabled: false },
      hashing: { maxConcurrent: hashing.concurrency, maxQueued: 10_000 },
    },
    store,
    mailer: { send: async () => {} },
    hasher: hashing.hasher,
    ...(accessTokenCache ? {} : { accessTokenCache: false as const }),
  });
}

async function registerBenchUser(auth: Auth): Promise<{ email: string; accessToken: string }> {
  const id = randomBytes(6).toString('hex');
  const email = `bench-${id}@example.com`;
  const result = await auth.register({
    firstName: 'Bench',
    lastName: 'User',
    username: `bench_${id}`,
    email,
    password: BENCH_PASSWORD,
    confirmPassword: BENCH_PASSWORD,
  });
  return { email, accessToken: result.accessToken };
}

const hello = { ok: true };

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/**
 * `GET /bench/hello` as an app declares it: on a deny-by-default router (`secureRouter`,
 * `secureRoutes`, the documented way) when guarded, on the framework's plain router when bare, both
 * mounted the same way, so the difference is the guard.
 */
async function startGuardServer(
  framework: 'express' | 'hono',
  route: 'bare' | 'guarded' | 'guarded-no-cache',
  auth: Auth,
): Promise<number> {
  const guarded = route !== 'bare';
  if (framework === 'express') {
    const app = express();
    app.disable('x-powered-by');
    app.set('etag', false);
    const api = guarded ? gatehouseExpress.secureRouter(auth) : express.Router();
    api.get('/hello', (_req, res) => void res.json(hello));
    app.use('/bench', api);
    app.use(gatehouseExpress.errorHandler(logUnexpected));
    return listen(createServer(app));
  }
  const app = new Hono<gatehouseHono.GatehouseEnv>();
  const api = guarded ? gatehouseHono.secureRoutes(auth) : new Hono<gatehouseHono.GatehouseEnv>();
  api.get('/hello', (c) => c.json(hello));
  app.route('/bench', api);
  app.onError(gatehouseHono.errorHandler(logUnexpected));
  return new Promise((resolve) => serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port)));
}

function startAuthServer(auth: Auth): Promise<number> {
  const app = express();
  app.disable('x-powered-by');
  app.use('/api/v1/auth', gatehouseExpress.authRouter(auth));
  app.use(gatehouseExpress.notFound());
  app.use(gatehouseExpress.errorHandler(logUnexpected));
  return listen(createServer(app));
}

async function main(): Promise<void> {
  const eventLoop = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
  eventLoop.enable();

  const hashing = spec.kind === 'auth' ? openHashing(spec.hasher, spec.threadNice) : openHashing('native-pool', undefined);
  const store = spec.kind === 'auth' ? await openStore(spec.databaseUrl, { migrate: true }) : createMemoryStore();
  const auth = openAuth(store, hashing, !(spec.kind === 'guard' && spec.route === 'guarded-no-cache'));
  const user = await registerBenchUser(auth);
  const port = spec.kind === 'guard' ? await startGuardServer(spec.framework, spec.route, auth) : await startAuthServer(auth);

  process.on('message', ({ id, question }: { id: number; question: Question }) => {
    const ms = (ns: number) => Math.max(0, ns / 1e6 - LOOP_SAMPLE_MS);
    let value: Answer['value'] = null;
    if (question === 'eld-reset') eventLoop.reset();
    if (question === 'eld') value = { p50Ms: ms(eventLoop.percentile(50)), p99Ms: ms(eventLoop.percentile(99)), maxMs: ms(eventLoop.max) };
    if (question === 'memory') value = processTreeMemory();
    if (question === 'cpu') {
      const { user, system } = process.cpuUsage();
      value = { microseconds: user + system };
    }
    process.send!({ type: 'answer', id, value } satisfies Answer);
  });
  process.once('SIGTERM', () => {
    stopping = true;
    // Exiting stops the hashing threads; the store is closed so SQLite and PostgreSQL let go cleanly.
    void store.close().finally(() => process.exit(0));
  });
  process.send!({
    type: 'ready',
    port,
    accessToken: user.accessToken,
    email: user.email,
    password: BENCH_PASSWORD,
    hashConcurrency: hashing.concurrency,
  });
}

await main();
