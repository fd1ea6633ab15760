import { BEFORE_KERNEL, beforeKernelServer, type Baseline } from '../lib/baseline.js';
import { startChildServer, type ChildServer } from '../lib/child-server.js';
import { load, type HttpCall } from '../lib/load.js';
import { cpuPerAnswer, measureInTurn } from '../lib/measured.js';
import type { Report } from '../lib/report.js';
import type { BenchSettings } from '../lib/settings.js';
import { repeat } from '../lib/stats.js';
import type { GuardFramework } from '../servers/protocol.js';

const ROUTES = ['bare', 'guarded', 'guarded-no-cache'] as const;
const CONNECTIONS = 16;

// `before`: also measure the framework's guard as it was before the kernel (issue 21: the kernel
// costs no more than the adapters it replaced), from that commit's own build.
const FRAMEWORKS: readonly { framework: GuardFramework; name: string; target: boolean; before?: true }[] = [
  { framework: 'express', name: 'Express', target: true, before: true },
  { framework: 'hono', name: 'Hono', target: true, before: true },
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
  const baseline = await beforeKernelServer();
  if ('missing' in baseline) console.warn(`2. Guard overhead: the adapters before the kernel are not measured: ${baseline.missing}`);
  const beforeText =
    'script' in baseline
      ? ` Express and Hono also run a fourth server: the same app on the adapters as they were before the kernel (\`${BEFORE_KERNEL.commit}\`, main just before the kernel was merged; built from git history by the benchmark), measured between bare and protected (bare, before, protected, protected, before, bare), so that the kernel's guard and the one it replaced are compared side by side in one run.`
      : ` The adapters before the kernel were not measured: ${baseline.missing}.`;
  report.section({
    title: '2. Guard overhead',
    method: `autocannon, ${CONNECTIONS} keep-alive connections, ${settings.seconds} s per measurement, against \`GET /bench/hello\` answering \`{"ok":true}\`: declared on the framework's plain router (bare), behind Gatehouse's deny-by-default guard as each adapter documents it (verified-token cache on, the default), and the same with the cache off. Express: \`secureRouter(auth)\` vs \`express.Router()\`; Hono: \`secureRoutes(auth)\` vs \`new Hono()\`, both mounted at \`/bench\`; Fastify 5: the \`gatehouse\` plugin with \`gatehouseServerOptions()\` vs a plain \`Fastify()\`, the route in a plugin prefixed \`/bench\`; the web-standard handler: \`createFetchHandler(auth, { basePath: '/bench', routes })\` vs a handler answering the same JSON, both on node:http through @hono/node-server's bridge as the fetch example serves it; NestJS 11 on Express: a controller with \`GatehouseModule.forRoot({ auth })\` (its global guard) vs the controller alone. The servers of a framework run side by side; each run measures them in the order bare, protected, protected, bare, then no cache twice (${settings.seconds / 2} s each, after a 0.5 s pause each), so drift falls on bare and protected alike and the cache-off server's heavy load cannot spill into theirs.${beforeText} Every request carries the same valid bearer token. The server's CPU time per answer (user and system, \`process.cpuUsage()\` before and after each measurement) says what the guard costs without the load generator's share of the two cores.`,
  });
  for (const framework of FRAMEWORKS) await benchFramework(report, settings, framework, framework.before ? baseline : undefined);
}

async function benchFramework(
  report: Report,
  settings: BenchSettings,
  { framework, name, target }: (typeof FRAMEWORKS)[number],
  baseline: Baseline | undefined,
): Promise<void> {
  const servers = await Promise.all(ROUTES.map((route) => startChildServer({ kind: 'guard', framework, route })));
  if (baseline && 'script' in baseline)
    servers.push(await startChildServer({ kind: 'guard', framework, route: 'guarded' }, baseline.script));
  const withBefore = servers.length > ROUTES.length;
  try {
    const targets = servers.map((server) => ({ server, call: call(server) }));
    // Warm-up: JIT and connection setup, not measured.
    for (const { call } of targets) await load(call, { connections: CONNECTIONS, seconds: 1 });
    // Bare and protected side by side and mirrored (b, p, p, b), so drift falls on both alike; the
    // guard before the kernel (3) between them. The cache-off server last, since its heavy load
    // leaves work behind (garbage to collect) that would otherwise land in the measurement after it.
    const order = withBefore ? [0, 3, 1, 1, 3, 0, 2, 2] : [0, 1, 1, 0, 2, 2];
    const figures = await repeat(settings.runs, async () => {
      const [b, g, n, o] = await measureInTurn(targets, order, { connections: CONNECTIONS, seconds: settings.seconds / 2 });
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
        // NaN (never reported) for a framework measured without the guard before the kernel.
        beforeRps: o ? o.requestsPerSecond : Number.NaN,
        beforeShare: o ? (100 * o.requestsPerSecond) / b!.requestsPerSecond : Number.NaN,
        beforeGuardCpu: o ? cpuPerAnswer(o) - cpuPerAnswer(b!) : Number.NaN,
        kernelOverBefore: o ? (100 * g!.requestsPerSecond) / o.requestsPerSecond : Number.NaN,
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
    if (withBefore) {
      const before = BEFORE_KERNEL.label;
      report.add({ name: `${name}: protected route ${before}`, unit: 'req/s', summary: figures.beforeRps });
      report.add({ name: `${name}: protected / bare throughput ${before}`, unit: '%', summary: figures.beforeShare });
      report.add({ name: `${name}: the guard's CPU per answer ${before}`, unit: 'µs', summary: figures.beforeGuardCpu });
      // Issue 21: the kernel costs no more than the adapters it replaced, within noise: these
      // figures' runs spread by 5–10 % on two noisy cores, so 90 % is as close as can be told.
      report.check(
        { name: `${name}: protected route throughput, kernel / ${before}`, unit: '%', summary: figures.kernelOverBefore },
        { atLeast: 90, text: '≥ 90 % (within noise)' },
      );
    }
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
}
