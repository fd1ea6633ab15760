import { createArgon2idHasher } from '@gatehousejs/core';
import { createArgon2idWorkerPool, createNativeArgon2idHasher, createNativeArgon2idWorkerPool } from '@gatehousejs/hasher';
import { verify } from '@node-rs/argon2';
import { startChildServer, type ChildServer } from '../lib/child-server.js';
import { closedLoop, load, p99, probe, timeOne, type HttpCall } from '../lib/load.js';
import type { Report } from '../lib/report.js';
import type { BenchSettings } from '../lib/settings.js';
import { ratio, repeat, type Summary } from '../lib/stats.js';
import { BENCH_PASSWORD, HASHERS, TINYPOOL_HASHERS, type HasherKind } from '../servers/protocol.js';
import { createTinypoolHasher } from '../servers/tinypool-hasher.js';
import { benchSignUpCost } from './sign-up-cost.js';

const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
// More logins in flight than any hasher computes at once, so every hasher is kept busy.
const CONNECTIONS = 8;

export const loginCall = (server: ChildServer): HttpCall => ({
  url: `${server.url}/api/v1/auth/login`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: server.ready.email, password: server.ready.password }),
});

const verifyTokenCall = (server: ChildServer): HttpCall => ({
  url: `${server.url}/api/v1/auth/verify-token`,
  method: 'POST',
  headers: { authorization: `Bearer ${server.ready.accessToken}` },
});

/** autocannon stops sending at the end of its time, but logins it sent may still wait in the server's queue. */
const drain = () => new Promise((resolve) => setTimeout(resolve, 1500));

/** Verifications per second of `verifyOne`, `CONNECTIONS` in flight, in this process, once. */
const rawRateOnce = async (settings: BenchSettings, verifyOne: () => Promise<boolean>): Promise<number> =>
  (await closedLoop(CONNECTIONS, settings.seconds, verifyOne)).length / settings.seconds;

/** `rawRateOnce`, `settings.runs` times. */
async function rawRate(settings: BenchSettings, verifyOne: () => Promise<boolean>): Promise<Summary> {
  return (await repeat(settings.runs, async () => ({ rate: await rawRateOnce(settings, verifyOne) }))).rate;
}

/** 3. Login throughput and latency per hasher, and what a login storm does to everyone else. */
export async function benchLogin(report: Report, settings: BenchSettings): Promise<void> {
  const phc = await createNativeArgon2idHasher(ARGON2).hash(BENCH_PASSWORD);
  const check = (ok: boolean) => {
    if (!ok) throw new Error('a raw verify failed');
    return ok;
  };
  const verifyNative = async () => check(await verify(phc, BENCH_PASSWORD));
  const inThread = createArgon2idHasher(ARGON2);
  const rawInThread = await rawRate(settings, async () => check(await inThread.verify(phc, BENCH_PASSWORD)));
  const nice = settings.threadNice === undefined ? {} : { threadNice: settings.threadNice };
  type Pool = { size: number; verify(phc: string, password: string): Promise<boolean>; close(): Promise<void> };
  /** Verifications per second of a pool, its workers started before the clock runs. */
  const rawPoolRate = async (open: () => Pool) => {
    const pool = open();
    await Promise.all(Array.from({ length: pool.size }, () => pool.verify(phc, BENCH_PASSWORD)));
    const rate = await rawRate(settings, async () => check(await pool.verify(phc, BENCH_PASSWORD)));
    await pool.close();
    return rate;
  };
  const rawWasmPool = await rawPoolRate(() => createArgon2idWorkerPool(ARGON2, { ...nice, isolation: 'process' }));
  const rawWasmTinypool = await rawPoolRate(() => createTinypoolHasher(ARGON2, 'hash-wasm', settings.threadNice));
  // For comparison: the same pool on threads, which hash-wasm's fresh memory per hash keeps from scaling.
  const rawWasmThreads = await rawPoolRate(() => createArgon2idWorkerPool(ARGON2, { ...nice, isolation: 'thread' }));
  const rawNativePool = await rawPoolRate(() => createNativeArgon2idWorkerPool(ARGON2, nice));
  const rawNativeTinypool = await rawPoolRate(() => createTinypoolHasher(ARGON2, 'native', settings.threadNice));

  const perHasher = new Map<HasherKind, Record<string, Summary>>();
  // Each tinypool server right after ours with the same engine, so both see the machine alike.
  const order = HASHERS.flatMap((h) => [h, ...TINYPOOL_HASHERS.filter((t) => t.ours === h.kind)]);
  for (const { kind } of order) {
    const server = await startChildServer({
      kind: 'auth',
      hasher: kind,
      databaseUrl: 'memory:',
      ...(settings.threadNice === undefined ? {} : { threadNice: settings.threadNice }),
    });
    try {
      for (let i = 0; i < 3; i++) await timeOne(loginCall(server));
      await probe(verifyTokenCall(server), 0.5);
      perHasher.set(
        kind,
        await repeat(settings.runs, async (): Promise<Record<string, number>> => {
          // The native hashers are held to raw @node-rs/argon2 measured right before them, in the same
          // run: this machine's speed drifts by more than the gap between the two over a few minutes.
          const rawNative: Record<string, number> =
            kind === 'native-pool' || kind === 'native-libuv' || kind === 'native-tinypool'
              ? { rawNative: await rawRateOnce(settings, verifyNative) }
              : {};
          // Throughput on its own, then the same load with the probe; each phase lets the queue drain first.
          const alone = await load(loginCall(server), { connections: CONNECTIONS, seconds: settings.seconds + 1 });
          await drain();
          await server.ask('eld-reset');
          const idle = await probe(verifyTokenCall(server), settings.seconds);
          const idleLoop = await server.ask('eld');
          await server.ask('eld-reset');
          const [, during] = await Promise.all([
            load(loginCall(server), { connections: CONNECTIONS, seconds: settings.seconds }),
            probe(verifyTokenCall(server), settings.seconds),
          ]);
          const stormLoop = await server.ask('eld');
          await drain();
          return {
            ...rawNative,
            loginsPerSecond: alone.requestsPerSecond,
            loginP50: alone.p50Ms,
            loginP99: alone.p99Ms,
            idleP99: p99(idle),
            stormP99: p99(during),
            idleLoopP99: idleLoop.p99Ms,
            stormLoopP99: stormLoop.p99Ms,
            stormLoopMax: stormLoop.maxMs,
          };
        }),
      );
    } finally {
      await server.close();
    }
  }
  const of = (kind: HasherKind) => perHasher.get(kind)!;

  report.section({
    title: '3. Login',
    method: `Argon2id m=19456, t=2, p=1. Raw rates: verifications per second in the benchmark process (no HTTP), ${CONNECTIONS} in flight; raw @node-rs/argon2 is measured again right before each run of a native hasher's server, which is held to that figure. Logins: autocannon \`POST /api/v1/auth/login\` on the Express adapter with the in-memory store, ${CONNECTIONS} connections, ${settings.seconds + 1} s per run. Storm: the same load again while a probe sends one \`POST /api/v1/auth/verify-token\` at a time (5 ms apart), compared with the same probe on the idle server; the server samples its event-loop delay with \`monitorEventLoopDelay\` every 2 ms (figures are the delay beyond those 2 ms). Sign-up against login: on the native worker pool's server (its hashing threads are in the server process), \`process.cpuUsage()\` of the server over 60 sign-ups (\`POST /api/v1/auth/register\`, each a new user with the same password) and 60 logins made one at a time, in the order 30 sign-ups, 60 logins, 30 sign-ups, per call; the two are compared run by run.`,
  });
  report.add({
    name: 'raw @node-rs/argon2 verify (measured before each native worker pool run)',
    unit: 'verifies/s',
    summary: of('native-pool').rawNative!,
  });
  report.add({ name: 'raw hash-wasm in-thread verify', unit: 'verifies/s', summary: rawInThread });
  report.add({ name: 'raw hash-wasm worker pool (processes) verify', unit: 'verifies/s', summary: rawWasmPool });
  report.add({ name: 'raw hash-wasm worker pool (processes) / in-thread', unit: '×', summary: ratio(rawWasmPool, rawInThread) });
  report.add({ name: 'raw hash-wasm on tinypool (child_process) verify', unit: 'verifies/s', summary: rawWasmTinypool });
  report.add({ name: 'raw hash-wasm on tinypool / our worker pool', unit: '×', summary: ratio(rawWasmTinypool, rawWasmPool) });
  report.add({ name: 'raw native worker pool verify', unit: 'verifies/s', summary: rawNativePool });
  report.add({ name: 'raw native on tinypool (worker_threads) verify', unit: 'verifies/s', summary: rawNativeTinypool });
  report.add({ name: 'raw native on tinypool / our worker pool', unit: '×', summary: ratio(rawNativeTinypool, rawNativePool) });
  report.add({ name: 'raw hash-wasm on worker threads verify (not used: for comparison)', unit: 'verifies/s', summary: rawWasmThreads });
  report.add({ name: 'raw hash-wasm on worker threads / in-thread', unit: '×', summary: ratio(rawWasmThreads, rawInThread) });
  for (const { kind, label } of order) {
    const f = of(kind);
    report.add({ name: `${label}: logins`, unit: 'logins/s', summary: f.loginsPerSecond! });
    report.add({ name: `${label}: login p50`, unit: 'ms', summary: f.loginP50! });
    report.add({ name: `${label}: login p99`, unit: 'ms', summary: f.loginP99! });
    report.add({ name: `${label}: verify-token p99, idle`, unit: 'ms', summary: f.idleP99! });
    report.add({ name: `${label}: verify-token p99, during the login storm`, unit: 'ms', summary: f.stormP99! });
    report.add({ name: `${label}: event-loop delay p99, idle`, unit: 'ms', summary: f.idleLoopP99! });
    report.add({
      name: `${label}: event-loop delay p99 / max, during the storm`,
      unit: 'ms',
      summary: f.stormLoopP99!,
      note: `max ${f.stormLoopMax!.median.toFixed(1)} ms`,
    });
    const storm = ratio(f.stormP99!, f.idleP99!);
    // The targets hold for the worker pools, which the example server uses; the others are for comparison.
    if (kind === 'wasm-pool' || kind === 'native-pool') {
      report.check({ name: `${label}: verify-token p99 storm / idle`, unit: '×', summary: storm }, { atMost: 3, text: '≤ 3×' });
    } else report.add({ name: `${label}: verify-token p99 storm / idle`, unit: '×', summary: storm });
  }
  report.check(
    {
      name: 'native worker pool logins / raw @node-rs/argon2 verifies',
      unit: '%',
      summary: ratio(of('native-pool').loginsPerSecond!, of('native-pool').rawNative!, 100),
    },
    { atLeast: 80, text: '≥ 80 %' },
  );
  for (const { kind, label, ours } of TINYPOOL_HASHERS) {
    const [t, o] = [of(kind), of(ours)];
    report.add({ name: `${label}: logins / ours`, unit: '×', summary: ratio(t.loginsPerSecond!, o.loginsPerSecond!) });
    report.add({ name: `${label}: verify-token p99 during the storm / ours`, unit: '×', summary: ratio(t.stormP99!, o.stormP99!) });
    if (t.rawNative)
      report.add({
        name: `${label}: logins / raw @node-rs/argon2 verifies`,
        unit: '%',
        summary: ratio(t.loginsPerSecond!, t.rawNative, 100),
      });
  }
  report.add({
    name: 'native on libuv threads logins / raw @node-rs/argon2 verifies',
    unit: '%',
    summary: ratio(of('native-libuv').loginsPerSecond!, of('native-libuv').rawNative!, 100),
  });
  report.check(
    {
      name: 'hash-wasm worker pool logins / hash-wasm on the event loop logins',
      unit: '×',
      summary: ratio(of('wasm-pool').loginsPerSecond!, of('in-thread').loginsPerSecond!),
    },
    { atLeast: 1.6, text: '≥ 1.6×' },
  );
  await benchSignUpCost(report, settings, loginCall);
}
