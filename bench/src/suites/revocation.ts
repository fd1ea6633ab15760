import { startChildServer, type ChildServer } from '../lib/child-server.js';
import type { Report } from '../lib/report.js';
import type { BenchSettings } from '../lib/settings.js';
import { cpuDifference, measureSideBySide, throughputShare } from '../lib/side-by-side.js';

const CONNECTIONS = 16;

/** 9. Issue 22: what the revocation list's check costs the guard on every request. */
export async function benchRevocation(report: Report, settings: BenchSettings): Promise<void> {
  report.section({
    title: '9. The revocation check on every request',
    method: `The guard's route of section 2 on Hono (\`secureRoutes(…)\` in front of \`GET /bench/hello\`, HS256, verified-token cache on), ${CONNECTIONS} connections, three servers side by side: a guard with no revocation list (\`createAccessTokenVerifier\` with the issuer's secret: the same checks and cache, nothing else — core has no switch to turn the list off, so this is "off"), the issuer's own guard (\`secureRoutes(auth)\`: its list checked on every request, empty, and the store read every 500 ms), and the same with 20 000 revocations in the list (10 000 sessions, 10 000 users, recorded in the store and read by the poll; one of a real session is checked to be refused before measuring). Each run measures them in the order off, empty, loaded, loaded, empty, off (${settings.seconds / 2} s each).`,
  });
  const started: ChildServer[] = [];
  try {
    for (const guard of ['HS256-no-revocation-list', 'HS256', 'HS256-revocations-loaded'] as const) {
      started.push(await startChildServer({ kind: 'token-guard', guard }));
    }
    const [off, empty, loaded] = await measureSideBySide(
      report,
      settings,
      [
        { label: 'no revocation list (off)', server: started[0]! },
        { label: 'issuer’s guard, list empty', server: started[1]! },
        { label: 'issuer’s guard, 20 000 revocations', server: started[2]! },
      ],
      CONNECTIONS,
    );
    report.add({ name: 'list empty / off throughput', unit: '%', summary: throughputShare(empty!, off!) });
    report.add({ name: '20 000 revocations / off throughput', unit: '%', summary: throughputShare(loaded!, off!) });
    report.add({ name: 'list empty − off, server CPU per answer', unit: 'µs', summary: cpuDifference(empty!, off!) });
    report.add({ name: '20 000 revocations − off, server CPU per answer', unit: 'µs', summary: cpuDifference(loaded!, off!) });
  } finally {
    await Promise.all(started.map((s) => s.close()));
  }
}
