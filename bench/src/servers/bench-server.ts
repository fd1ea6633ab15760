// One benchmark server per process, described by the JSON in argv[2] (see protocol.ts). It tells the
// parent where it listens over IPC and answers questions about its event loop and memory.
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createArgon2idHasher, type Auth } from '@gatehousejs/core';
import { openStore } from '@gatehousejs/example-server-kit';
import * as gatehouseExpress from '@gatehousejs/express';
import { createArgon2idWorkerPool, createNativeArgon2idHasher, createNativeArgon2idWorkerPool } from '@gatehousejs/hasher';
import { createMemoryStore } from '@gatehousejs/store-memory';
import express from 'express';
import { openAuth, registerBenchUser, type Hashing } from './bench-auth.js';
import { startGuardApp } from './guard-apps.js';
import { listen } from './listen.js';
import { logUnexpected, markStopping } from './log-unexpected.js';
import { processTreeMemory } from './process-tree-memory.js';
import { createTinypoolHasher } from './tinypool-hasher.js';
import { startTokenGuard } from './token-guards.js';
import { BENCH_PASSWORD, type Answer, type HasherKind, type Question, type ServerSpec } from './protocol.js';

const spec = JSON.parse(process.argv[2] ?? '') as ServerSpec;
// Sampling interval of the event-loop monitor; the histogram's values include it, so it is subtracted.
const LOOP_SAMPLE_MS = 2;
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
// libuv's default thread pool, which runs @node-rs/argon2's work.
const LIBUV_THREADS = Number(process.env.UV_THREADPOOL_SIZE ?? 4);

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

function startAuthServer(auth: Auth<string>): Promise<number> {
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
  let port: number;
  let accessToken: string;
  let email = '';
  if (spec.kind === 'token-guard') {
    ({ port, accessToken } = await startTokenGuard(spec, store, hashing));
  } else {
    const auth = openAuth(store, hashing, { accessTokenCache: !(spec.kind === 'guard' && spec.route === 'guarded-no-cache') });
    ({ email, accessToken } = await registerBenchUser(auth));
    port =
      spec.kind === 'guard' ? await startGuardApp(spec.framework, spec.route === 'bare' ? undefined : auth) : await startAuthServer(auth);
  }

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
    markStopping();
    // Exiting stops the hashing threads; the store is closed so SQLite and PostgreSQL let go cleanly.
    void store.close().finally(() => process.exit(0));
  });
  process.send!({
    type: 'ready',
    port,
    accessToken,
    email,
    password: BENCH_PASSWORD,
    hashConcurrency: hashing.concurrency,
  });
}

await main();
