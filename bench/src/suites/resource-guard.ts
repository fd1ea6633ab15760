import { startChildServer, type ChildServer } from '../lib/child-server.js';
import type { Report } from '../lib/report.js';
import type { BenchSettings } from '../lib/settings.js';
import { cpuDifference, measureSideBySide, throughputShare } from '../lib/side-by-side.js';

const CONNECTIONS = 16;

/**
 * 8. Issue 24: the same protected Hono route behind the issuer's HS256 guard, the issuer's EdDSA
 * guard, and a resource service's JWKS guard over the EdDSA issuer's key set.
 */
export async function benchResourceGuard(report: Report, settings: BenchSettings): Promise<void> {
  report.section({
    title: '8. EdDSA and the resource service’s JWKS guard',
    method: `The guard's route of section 2 on Hono (\`secureRoutes(…)\` in front of \`GET /bench/hello\`), ${CONNECTIONS} connections, each server in its own process with a user signed up on it: the issuer's guard (\`secureRoutes(auth)\`) with HS256 access tokens (the default), the same with EdDSA (Ed25519, \`accessTokenAlgorithm: 'EdDSA'\` and a generated key), and a resource service holding no store and no secret: \`secureRoutes(createJwksVerifier({ jwksUrl, algorithms: ['EdDSA'] }))\` over the EdDSA issuer's key set served on loopback (fetched once, then cached), sent the EdDSA issuer's token. The verified-token cache is on in all three (the default); the EdDSA issuer with it off shows what the cache buys. Each run measures HS256, EdDSA, JWKS, JWKS, EdDSA, HS256, EdDSA without cache twice (${settings.seconds / 2} s each), so drift falls on all alike.`,
  });
  const started: ChildServer[] = [];
  try {
    const start = async (spec: Parameters<typeof startChildServer>[0]) => {
      const server = await startChildServer(spec);
      started.push(server);
      return server;
    };
    const hs256 = await start({ kind: 'token-guard', guard: 'HS256' });
    const eddsa = await start({ kind: 'token-guard', guard: 'EdDSA' });
    const jwks = await start({ kind: 'token-guard', guard: 'jwks', jwksUrl: `${eddsa.url}/jwks`, accessToken: eddsa.ready.accessToken });
    const noCache = await start({ kind: 'token-guard', guard: 'EdDSA-no-cache' });
    const [h, e, j] = await measureSideBySide(
      report,
      settings,
      [
        { label: 'issuer’s guard, HS256', server: hs256 },
        { label: 'issuer’s guard, EdDSA', server: eddsa },
        { label: 'resource service, JWKS guard (EdDSA)', server: jwks },
      ],
      CONNECTIONS,
    );
    const [n] = await measureSideBySide(report, settings, [{ label: 'issuer’s guard, EdDSA, cache off', server: noCache }], CONNECTIONS);
    report.check(
      { name: 'issuer’s guard: EdDSA / HS256 throughput', unit: '%', summary: throughputShare(e!, h!) },
      { atLeast: 90, text: '≥ 90 % (within 10 %)' },
    );
    report.check(
      { name: 'JWKS guard (EdDSA) / issuer’s HS256 guard throughput', unit: '%', summary: throughputShare(j!, h!) },
      { atLeast: 90, text: '≥ 90 % (within 10 %)' },
    );
    report.add({ name: 'issuer’s guard: EdDSA − HS256, server CPU per answer', unit: 'µs', summary: cpuDifference(e!, h!) });
    report.add({ name: 'JWKS guard − issuer’s HS256 guard, server CPU per answer', unit: 'µs', summary: cpuDifference(j!, h!) });
    report.add({ name: 'EdDSA cache off − EdDSA cache on, server CPU per answer', unit: 'µs', summary: cpuDifference(n!, e!) });
  } finally {
    await Promise.all(started.map((s) => s.close()));
  }
}
