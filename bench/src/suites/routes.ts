import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BEFORE_KERNEL, beforeKernelExample, beforeKernelServer } from '../lib/baseline.js';
import { EXAMPLE_NAME, startExampleServer, type ExampleFramework, type ExampleServer } from '../lib/example-server.js';
import { load, type HttpCall } from '../lib/load.js';
import { combine, measure, settle, type Measured } from '../lib/measured.js';
import type { Report } from '../lib/report.js';
import { startScriptServer, type MeasuredServer } from '../lib/script-server.js';
import type { BenchSettings } from '../lib/settings.js';
import { ratio, repeat, type Summary } from '../lib/stats.js';

// As in issue 12's measurement: 10 keep-alive connections.
const CONNECTIONS = 10;
const PLAIN_HONO = new URL('../servers/plain-hono-server.js', import.meta.url);

type RouteName = 'health' | 'verify-token' | 'verify-token, no Content-Length' | 'users/me';
const ROUTES: readonly RouteName[] = ['health', 'verify-token', 'verify-token, no Content-Length', 'users/me'];

/** The request a client sends for each route, with a valid access token where one is needed. */
function routeCall(server: MeasuredServer, route: RouteName, accessToken = ''): HttpCall {
  const authorization = { authorization: `Bearer ${accessToken}` };
  if (route === 'health') return { url: `${server.url}/api/v1/health` };
  // A POST without a body, as fetch sends it (`Content-Length: 0`), e.g. from @gatehousejs/client.
  if (route === 'verify-token')
    return { url: `${server.url}/api/v1/auth/verify-token`, method: 'POST', headers: { ...authorization, 'content-length': '0' } };
  // As `curl -X POST` and autocannon send it: neither `Content-Length` nor `Transfer-Encoding`, so no body (RFC 9112 §6.3).
  if (route === 'verify-token, no Content-Length')
    return { url: `${server.url}/api/v1/auth/verify-token`, method: 'POST', headers: authorization };
  return { url: `${server.url}/api/v1/users/me`, headers: authorization };
}

interface Subject {
  label: string;
  framework: ExampleFramework;
  store: 'SQLite' | 'in-memory';
  server: ExampleServer;
  /** The same example as it was before the kernel (issue 21's comparison), held to no target of its own. */
  beforeKernel?: true;
}

/** 6. The example servers' own routes as shipped, side by side, and §8's targets on them. */
export async function benchRoutes(report: Report, settings: BenchSettings): Promise<void> {
  const baseline = await beforeKernelServer();
  const beforeText =
    'directory' in baseline
      ? ` Beside them, the Express and Hono examples as they were before the kernel (\`${BEFORE_KERNEL.commit}\`, built from git history by the benchmark; SQLite), measured in the same runs, so the routes users run are compared before and after the kernel (issue 21).`
      : ` The examples before the kernel were not measured: ${baseline.missing}.`;
  report.section({
    title: '6. The example servers as shipped',
    method: `Each example server runs its own \`main.js\` with the environment an operator gives it (\`DATABASE_URL\` a SQLite file, as shipped, or \`memory:\`; \`RATE_LIMIT_ENABLED=false\`, so the load is not refused; the development mail catcher on; audit lines on stdout, read by the benchmark). autocannon, ${CONNECTIONS} keep-alive connections, against \`GET /api/v1/health\`, \`POST /api/v1/auth/verify-token\` and \`GET /api/v1/users/me\` with a valid access token of a user signed up over HTTP (verify-token twice: as fetch sends a POST without a body, \`Content-Length: 0\`, and as \`curl -X POST\` and autocannon send it, with neither \`Content-Length\` nor \`Transfer-Encoding\`), on the five example servers (Express, Hono, Fastify, the web-standard handler on node:http, NestJS on Express); beside them, a plain Hono app answering the same JSON at the same path on @hono/node-server (no Gatehouse, no middleware). In each run every route of every server is measured for ${settings.seconds / 2} s, then all again in reverse order (each after a short pause), so drift falls on all alike; ratios are taken within a run. Server CPU per answer is \`process.cpuUsage()\` of the server process (preloaded reporter) over the measurement. The example servers' logins and sign-ups are in section 7, beside the peers.${beforeText}`,
  });
  const dir = await mkdtemp(join(tmpdir(), 'gatehouse-bench-'));
  const started: MeasuredServer[] = [];
  try {
    const subjects: Subject[] = [];
    for (const framework of Object.keys(EXAMPLE_NAME) as ExampleFramework[]) {
      for (const store of ['SQLite', 'in-memory'] as const) {
        const databaseUrl = store === 'SQLite' ? `sqlite:${join(dir, `${framework}.db`)}` : 'memory:';
        const server = await startExampleServer(framework, databaseUrl);
        started.push(server);
        subjects.push({ label: `${EXAMPLE_NAME[framework]} (${store})`, framework, store, server });
      }
    }
    if ('directory' in baseline) {
      for (const framework of ['express', 'hono'] as const) {
        const main = beforeKernelExample(baseline.directory, framework);
        const server = await startExampleServer(framework, `sqlite:${join(dir, `${framework}-before.db`)}`, {}, main);
        started.push(server);
        subjects.push({
          label: `${EXAMPLE_NAME[framework]} ${BEFORE_KERNEL.label} (SQLite)`,
          framework,
          store: 'SQLite',
          server,
          beforeKernel: true,
        });
      }
    }
    const plain = await startScriptServer(PLAIN_HONO);
    started.push(plain);

    const plan: { key: string; server: MeasuredServer; call: HttpCall }[] = [
      { key: 'plain|health', server: plain, call: routeCall(plain, 'health') },
    ];
    for (const s of subjects) {
      for (const route of ROUTES)
        plan.push({ key: `${s.label}|${route}`, server: s.server, call: routeCall(s.server, route, s.server.accessToken) });
    }
    // Warm-up: JIT, statement caches, connections; not measured.
    for (const step of plan) await load(step.call, { connections: CONNECTIONS, seconds: settings.quick ? 0.3 : 1 });

    const figures = await repeat(settings.runs, async () => {
      const halves = new Map<string, Measured[]>();
      for (const step of settings.quick ? plan : [...plan, ...[...plan].reverse()]) {
        await settle(300);
        const result = await measure(step.server, step.call, CONNECTIONS, settings.seconds / 2);
        halves.set(step.key, [...(halves.get(step.key) ?? []), result]);
      }
      const values: Record<string, number> = {};
      for (const [key, parts] of halves) {
        const m = combine(parts);
        values[`${key}|rps`] = m.requestsPerSecond;
        values[`${key}|p99`] = m.p99Ms;
        values[`${key}|cpu`] = m.cpuMicroseconds / m.requests;
      }
      return values;
    });

    const get = (key: string): Summary => figures[key]!;
    report.add({ name: 'plain Hono route (yardstick): health', unit: 'req/s', summary: get('plain|health|rps') });
    report.add({ name: 'plain Hono route (yardstick): server CPU per answer', unit: 'µs', summary: get('plain|health|cpu') });
    for (const s of subjects) {
      for (const route of ROUTES) report.add({ name: `${s.label}: ${route}`, unit: 'req/s', summary: get(`${s.label}|${route}|rps`) });
      for (const route of ROUTES) report.add({ name: `${s.label}: ${route} p99`, unit: 'ms', summary: get(`${s.label}|${route}|p99`) });
      for (const route of ROUTES)
        report.add({ name: `${s.label}: ${route}, server CPU per answer`, unit: 'µs', summary: get(`${s.label}|${route}|cpu`) });
    }
    const share = (s: Subject, route: RouteName) => ratio(get(`${s.label}|${route}|rps`), get(`${s.label}|health|rps`), 100);
    for (const before of subjects.filter((x) => x.beforeKernel)) {
      const now = subjects.find((x) => x.framework === before.framework && x.store === 'SQLite' && !x.beforeKernel)!;
      // Issue 21: the kernel costs no more than the adapters it replaced, within noise, on the routes users run.
      for (const route of ['verify-token', 'users/me'] as const) {
        report.check(
          {
            name: `${EXAMPLE_NAME[now.framework]} (SQLite): ${route}, kernel / ${BEFORE_KERNEL.label}`,
            unit: '%',
            summary: ratio(get(`${now.label}|${route}|rps`), get(`${before.label}|${route}|rps`), 100),
          },
          { atLeast: 90, text: '≥ 90 % (within noise)' },
        );
      }
    }
    for (const s of subjects.filter((x) => !x.beforeKernel)) {
      for (const route of ['verify-token', 'verify-token, no Content-Length'] as const) {
        const verify = { name: `${s.label}: ${route} / health`, unit: '%', summary: share(s, route) };
        if (s.store === 'SQLite') report.check(verify, { atLeast: 85, text: '≥ 85 %' });
        else report.add(verify);
      }
      const me = share(s, 'users/me');
      const meName = `${s.label}: users/me / health`;
      report.check(
        { name: meName, unit: '%', summary: me },
        s.store === 'SQLite' ? { atLeast: 60, text: '≥ 60 %' } : { atLeast: 80, text: '≥ 80 %' },
      );
    }
    for (const s of subjects.filter((x) => x.framework === 'hono' && !x.beforeKernel)) {
      report.check(
        {
          name: `${s.label}: health / plain Hono route`,
          unit: '%',
          summary: ratio(get(`${s.label}|health|rps`), get('plain|health|rps'), 100),
        },
        { atLeast: 80, text: '≥ 80 %' },
      );
    }
  } finally {
    await Promise.all(started.map((s) => s.close()));
    await rm(dir, { recursive: true, force: true });
  }
}
