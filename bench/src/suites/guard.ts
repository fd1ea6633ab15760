import { startChildServer, type ChildServer } from '../lib/child-server.js';
import { load, type HttpCall, type LoadResult } from '../lib/load.js';
import type { Report } from '../lib/report.js';
import type { BenchSettings } from '../lib/settings.js';
import { repeat } from '../lib/stats.js';

const ROUTES = ['bare', 'guarded', 'guarded-no-cache'] as const;
const CONNECTIONS = 16;
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

/** One measurement: the load's figures and the server's CPU time per answer. */
interface GuardResult extends LoadResult {
  cpuMicroseconds: number;
}

/** Two measurements of one route as one: mean throughput, the worse p99, CPU time over all answers. */
const combine = (parts: GuardResult[]): GuardResult => ({
  requests: parts.reduce((sum, p) => sum + p.requests, 0),
  requestsPerSecond: parts.reduce((sum, p) => sum + p.requestsPerSecond, 0) / parts.length,
  p50Ms: Math.max(...parts.map((p) => p.p50Ms)),
  p99Ms: Math.max(...parts.map((p) => p.p99Ms)),
  cpuMicroseconds: parts.reduce((sum, p) => sum + p.cpuMicroseconds, 0),
});

/** Loads `server` and asks it how much CPU time it spent meanwhile. */
async function measure(server: ChildServer, seconds: number): Promise<GuardResult> {
  const before = await server.ask('cpu');
  const result = await load(call(server), { connections: CONNECTIONS, seconds });
  const after = await server.ask('cpu');
  return { ...result, cpuMicroseconds: after.microseconds - before.microseconds };
}

const cpuPerRequest = (r: GuardResult) => r.cpuMicroseconds / r.requests;

const call = (server: ChildServer): HttpCall => ({
  url: `${server.url}/bench/hello`,
  headers: { authorization: `Bearer ${server.ready.accessToken}` },
});

/** 2. Guard overhead: a protected route vs the same route without a guard, on Express and on Hono. */
export async function benchGuard(report: Report, settings: BenchSettings): Promise<void> {
  report.section({
    title: '2. Guard overhead',
    method: `autocannon, ${CONNECTIONS} keep-alive connections, ${settings.seconds} s per measurement, against \`GET /bench/hello\` answering \`{"ok":true}\`: declared on the framework's plain router (bare), on Gatehouse's deny-by-default router (\`secureRouter(auth)\` / \`secureRoutes(auth)\`, verified-token cache on, the default), and the same with the cache off; each router mounted under \`/bench\` alike. The three servers of a framework run side by side; each run measures them in the order bare, protected, protected, bare, then no cache twice (${settings.seconds / 2} s each, after a 0.5 s pause each), so drift falls on bare and protected alike and the cache-off server's heavy load cannot spill into theirs. Every request carries the same valid bearer token. The server's CPU time per answer (user and system, \`process.cpuUsage()\` before and after each measurement) says what the guard costs without the load generator's share of the two cores. On both, the guard is one middleware in front of the router's routes (see the design notes).`,
  });
  for (const framework of ['express', 'hono'] as const) {
    const servers = await Promise.all(ROUTES.map((route) => startChildServer({ kind: 'guard', framework, route })));
    try {
      // Warm-up: JIT and connection setup, not measured.
      for (const server of servers) await load(call(server), { connections: CONNECTIONS, seconds: 1 });
      const figures = await repeat(settings.runs, async () => {
        // Bare, guarded, no cache, then the same in reverse, half as long each: drift in the machine's
        // speed during a run falls on all three alike.
        // Bare and protected side by side and mirrored (b, p, p, b), so drift falls on both alike;
        // the cache-off server last, since its heavy load leaves work behind (garbage to collect)
        // that would otherwise land in the measurement after it. Each measurement starts settled.
        const halves: GuardResult[][] = [[], [], []];
        for (const index of [0, 1, 1, 0, 2, 2]) {
          await settle();
          halves[index]!.push(await measure(servers[index]!, settings.seconds / 2));
        }
        const [b, g, n] = halves.map(combine) as [GuardResult, GuardResult, GuardResult];
        return {
          bareRps: b.requestsPerSecond,
          bareP99: b.p99Ms,
          guardedRps: g.requestsPerSecond,
          guardedP99: g.p99Ms,
          noCacheRps: n.requestsPerSecond,
          noCacheP99: n.p99Ms,
          guardedShare: (100 * g.requestsPerSecond) / b.requestsPerSecond,
          noCacheShare: (100 * n.requestsPerSecond) / b.requestsPerSecond,
          bareCpu: cpuPerRequest(b),
          guardedCpu: cpuPerRequest(g),
          noCacheCpu: cpuPerRequest(n),
          guardCpu: cpuPerRequest(g) - cpuPerRequest(b),
        };
      });
      const name = framework === 'express' ? 'Express' : 'Hono';
      report.add({ name: `${name}: bare route`, unit: 'req/s', summary: figures.bareRps });
      report.add({ name: `${name}: protected route (cache on)`, unit: 'req/s', summary: figures.guardedRps });
      report.add({ name: `${name}: protected route (cache off)`, unit: 'req/s', summary: figures.noCacheRps });
      report.add({ name: `${name}: bare route p99`, unit: 'ms', summary: figures.bareP99 });
      report.add({ name: `${name}: protected route (cache on) p99`, unit: 'ms', summary: figures.guardedP99 });
      report.add({ name: `${name}: protected route (cache off) p99`, unit: 'ms', summary: figures.noCacheP99 });
      report.check(
        { name: `${name}: protected / bare throughput (cache on)`, unit: '%', summary: figures.guardedShare },
        { atLeast: 85, text: '≥ 85 %' },
      );
      report.add({ name: `${name}: protected / bare throughput (cache off)`, unit: '%', summary: figures.noCacheShare });
      report.add({ name: `${name}: server CPU per answer, bare route`, unit: 'µs', summary: figures.bareCpu });
      report.add({ name: `${name}: server CPU per answer, protected route (cache on)`, unit: 'µs', summary: figures.guardedCpu });
      report.add({ name: `${name}: server CPU per answer, protected route (cache off)`, unit: 'µs', summary: figures.noCacheCpu });
      report.add({ name: `${name}: the guard's CPU per answer, cache on (protected − bare)`, unit: 'µs', summary: figures.guardCpu });
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  }
}
