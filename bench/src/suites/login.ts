import { createArgon2idHasher } from '@gatehouse/core';
import { createNativeArgon2idHasher } from '@gatehouse/hasher-native';
import { createArgon2idWorkerPool } from '@gatehouse/hasher-pool';
import { verify } from '@node-rs/argon2';
import { startChildServer, type ChildServer } from '../lib/child-server.js';
import { closedLoop, load, p99, probe, timeOne, type HttpCall } from '../lib/load.js';
import type { Report } from '../lib/report.js';
import type { BenchSettings } from '../lib/settings.js';
import { ratio, repeat, type Summary } from '../lib/stats.js';
import { BENCH_PASSWORD, type HasherKind } from '../servers/protocol.js';

const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
// More logins in flight than any hasher computes at once, so every hasher is kept busy.
const CONNECTIONS = 8;
const HASHERS: { kind: HasherKind; label: string }[] = [
  { kind: 'in-thread', label: 'hash-wasm in-thread (before)' },
  { kind: 'worker-pool', label: 'hash-wasm worker pool' },
  { kind: 'native', label: 'native (@node-rs/argon2)' },
];

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

/** Verifications per second of `verifyOne`, `CONNECTIONS` in flight, in this process. */
async function rawRate(settings: BenchSettings, verifyOne: () => Promise<boolean>): Promise<Summary> {
  return (
    await repeat(settings.runs, async () => ({
      rate: (await closedLoop(CONNECTIONS, settings.seconds, verifyOne)).length / settings.seconds,
    }))
  ).rate;
}

/** 3. Login throughput and latency per hasher, and what a login storm does to everyone else. */
export async function benchLogin(report: Report, settings: BenchSettings): Promise<void> {
  const phc = await createNativeArgon2idHasher(ARGON2).hash(BENCH_PASSWORD);
  const check = (ok: boolean) => {
    if (!ok) throw new Error('a raw verify failed');
    return ok;
  };
  const rawNative = await rawRate(settings, async () => check(await verify(phc, BENCH_PASSWORD)));
  const inThread = createArgon2idHasher(ARGON2);
  const rawInThread = await rawRate(settings, async () => check(await inThread.verify(phc, BENCH_PASSWORD)));
  const pool = createArgon2idWorkerPool(ARGON2);
  const rawPool = await rawRate(settings, async () => check(await pool.verify(phc, BENCH_PASSWORD)));
  await pool.close();

  const perHasher = new Map<HasherKind, Record<string, Summary>>();
  for (const { kind } of HASHERS) {
    const server = await startChildServer({ kind: 'auth', hasher: kind, databaseUrl: 'memory:' });
    try {
      for (let i = 0; i < 3; i++) await timeOne(loginCall(server));
      await probe(verifyTokenCall(server), 0.5);
      perHasher.set(
        kind,
        await repeat(settings.runs, async () => {
          await server.ask('eld-reset');
          const idle = await probe(verifyTokenCall(server), settings.seconds);
          const idleLoop = await server.ask('eld');
          await server.ask('eld-reset');
          const [storm, during] = await Promise.all([
            load(loginCall(server), { connections: CONNECTIONS, seconds: settings.seconds + 1 }),
            probe(verifyTokenCall(server), settings.seconds),
          ]);
          const stormLoop = await server.ask('eld');
          return {
            loginsPerSecond: storm.requestsPerSecond,
            loginP50: storm.p50Ms,
            loginP99: storm.p99Ms,
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
    method: `Argon2id m=19456, t=2, p=1. Raw rates: verifications per second in one process, ${CONNECTIONS} in flight. Logins: autocannon \`POST /api/v1/auth/login\` on the Express adapter with the in-memory store, ${CONNECTIONS} connections, ${settings.seconds + 1} s per run. Meanwhile a probe sends one \`POST /api/v1/auth/verify-token\` at a time (5 ms apart) and is compared with the same probe on the idle server; the server samples its event-loop delay with \`monitorEventLoopDelay\`.`,
  });
  report.add({ name: 'raw @node-rs/argon2 verify', unit: 'verifies/s', summary: rawNative });
  report.add({ name: 'raw hash-wasm in-thread verify', unit: 'verifies/s', summary: rawInThread });
  report.add({ name: 'raw hash-wasm worker-pool verify', unit: 'verifies/s', summary: rawPool });
  for (const { kind, label } of HASHERS) {
    const f = of(kind);
    report.add({ name: `${label}: logins`, unit: 'logins/s', summary: f.loginsPerSecond! });
    report.add({ name: `${label}: login p50`, unit: 'ms', summary: f.loginP50! });
    report.add({ name: `${label}: login p99`, unit: 'ms', summary: f.loginP99! });
    report.add({ name: `${label}: verify-token p99, idle`, unit: 'ms', summary: f.idleP99! });
    report.add({ name: `${label}: verify-token p99, during the login storm`, unit: 'ms', summary: f.stormP99! });
    report.add({ name: `${label}: event-loop delay p99, idle`, unit: 'ms', summary: f.idleLoopP99! });
    report.add({ name: `${label}: event-loop delay p99 / max, during the storm`, unit: 'ms', summary: f.stormLoopP99!, note: `max ${f.stormLoopMax!.median.toFixed(1)} ms` });
    const storm = ratio(f.stormP99!, f.idleP99!);
    if (kind === 'in-thread') report.add({ name: `${label}: verify-token p99 storm / idle`, unit: '×', summary: storm });
    else report.check({ name: `${label}: verify-token p99 storm / idle`, unit: '×', summary: storm }, { atMost: 3, text: '≤ 3×' });
  }
  report.check(
    { name: 'native logins / raw @node-rs/argon2 verifies', unit: '%', summary: ratio(of('native').loginsPerSecond!, rawNative, 100) },
    { atLeast: 80, text: '≥ 80 %' },
  );
  report.check(
    { name: 'worker-pool logins / in-thread logins', unit: '×', summary: ratio(of('worker-pool').loginsPerSecond!, of('in-thread').loginsPerSecond!) },
    { atLeast: 1.6, text: '≥ 1.6×' },
  );
}
