import { startChildServer, type ChildServer } from '../lib/child-server.js';
import { load, type HttpCall } from '../lib/load.js';
import { cpuPerAnswer, measureInTurn } from '../lib/measured.js';
import type { Report } from '../lib/report.js';
import type { BenchSettings } from '../lib/settings.js';
import { repeat } from '../lib/stats.js';
import type { GuardFramework } from '../servers/protocol.js';

const ROUTES = ['bare', 'guarded', 'guarded-no-cache'] as const;
const CONNECTIONS = 16;

const FRAMEWORKS: readonly { framework: GuardFramework; name: string; target: boolean }[] = [
  { framework: 'express', name: 'Express', target: true },
  { framework: 'hono', name: 'Hono', target: true },
  // Issue 21: the Fastify plugin's protected route at least 85 % of a bare Fastify route.
  { framework: 'fastify', name: 'Fastify', target: true },
  { framework: 'fetch', name: 'Web-standard handler (node:http)', target: false },
  { framework: 'nest', name: 'NestJS (Express)', target: false },
];

const call = (server: ChildServer): HttpCall => ({
  url: `${server.url}/bench/hello`,
  headers: { authorization: `Bearer ${server.ready.accessToken}` },
});

/** 2. Guard overhead: a protected route vs the same route without a guard, on each framework with its adapter. */
export async function benchGuard(report: Report, settings: BenchSettings): Promise<void> {
  report.section({
    title: '2. Guard overhead',
    method: `autocannon, ${CONNECTIONS} keep-alive connections, ${settings.seconds} s per measurement, against \`GET /bench/hello\` answering \`{"ok":true}\`: declared on the framework's plain router (bare), behind Gatehouse's deny-by-default guard as each adapter documents it (verified-token cache on, the default), and the same with the cache off. Express: \`secureRouter(auth)\` vs \`express.Router()\`; Hono: \`secureRoutes(auth)\` vs \`new Hono()\`, both mounted at \`/bench\`; Fastify 5: the \`gatehouse\` plugin with \`gatehouseServerOptions()\` vs a plain \`Fastify()\`, the route in a plugin prefixed \`/bench\`; the web-standard handler: \`createFetchHandler(auth, { basePath: '/bench', routes })\` vs a handler answering the same JSON, both on node:http through @hono/node-server's bridge as the fetch example serves it; NestJS 11 on Express: a controller with \`GatehouseModule.forRoot({ auth })\` (its global guard) vs the controller alone. The three servers of a framework run side by side; each run measures them in the order bare, protected, protected, bare, then no cache twice (${settings.seconds / 2} s each, after a 0.5 s pause each), so drift falls on bare and protected alike and the cache-off server's heavy load cannot spill into theirs. Every request carries the same valid bearer token. The server's CPU time per answer (user and system, \`process.cpuUsage()\` before and after each measurement) says what the guard costs without the load generator's share of the two cores.`,
  });
  for (const { framework, name, target } of FRAMEWORKS) {
    const servers = await Promise.all(ROUTES.map((route) => startChildServer({ kind: 'guard', framework, route })));
    try {
      const targets = servers.map((server) => ({ server, call: call(server) }));
      // Warm-up: JIT and connection setup, not measured.
      for (const { call } of targets) await load(call, { connections: CONNECTIONS, seconds: 1 });
      const figures = await repeat(settings.runs, async () => {
        // Bare and protected side by side and mirrored (b, p, p, b), so drift falls on both alike;
        // the cache-off server last, since its heavy load leaves work behind (garbage to collect)
        // that would otherwise land in the measurement after it. Each measurement starts settled.
        const [b, g, n] = await measureInTurn(targets, [0, 1, 1, 0, 2, 2], { connections: CONNECTIONS, seconds: settings.seconds / 2 });
        return {
          bareRps: b!.requestsPerSecond,
          bareP99: b!.p99Ms,
          guardedRps: g!.requestsPerSecond,
          guardedP99: g!.p99Ms,
          noCacheRps: n!.requestsPerSecond,
          noCacheP99: n!.p99Ms,
          guardedShare: (100 * g!.requestsPerSecond) / b!.requestsPerSecond,
          noCacheShare: (100 * n!.requestsPerSecond) / b!.requestsPerSecond,
          bareCpu: cpuPerAnswer(b!),
          guardedCpu: cpuPerAnswer(g!),
          noCacheCpu: cpuPerAnswer(n!),
          guardCpu: cpuPerAnswer(g!) - cpuPerAnswer(b!),
        };
      });
      report.add({ name: `${name}: bare route`, unit: 'req/s', summary: figures.bareRps });
      report.add({ name: `${name}: protected route (cache on)`, unit: 'req/s', summary: figures.guardedRps });
      report.add({ name: `${name}: protected route (cache off)`, unit: 'req/s', summary: figures.noCacheRps });
      report.add({ name: `${name}: bare route p99`, unit: 'ms', summary: figures.bareP99 });
      report.add({ name: `${name}: protected route (cache on) p99`, unit: 'ms', summary: figures.guardedP99 });
      report.add({ name: `${name}: protected route (cache off) p99`, unit: 'ms', summary: figures.noCacheP99 });
      const share = { name: `${name}: protected / bare throughput (cache on)`, unit: '%', summary: figures.guardedShare };
      if (target) report.check(share, { atLeast: 85, text: '≥ 85 %' });
      else report.add(share);
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
