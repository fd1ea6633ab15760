import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closedLoop, p99 } from '../lib/load.js';
import type { Report } from '../lib/report.js';
import type { MeasuredServer } from '../lib/script-server.js';
import type { BenchSettings } from '../lib/settings.js';
import { ratio, repeat, type Summary } from '../lib/stats.js';
import {
  betterAuthPasskeyApp,
  betterAuthSecondFactorApp,
  gatehouseSecondFactorApp,
  type PasskeyApp,
  type SecondFactorApp,
} from './second-factor-apps.js';

/** Sign-ins in flight, as the peers section's logins. */
const IN_FLIGHT = 8;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sign-ins per second and their p99 over `seconds`, after a 1 s pause; `signIn` gets its loop's number. */
async function timeSignIns(seconds: number, signIn: (worker: number) => Promise<void>) {
  await pause(1000);
  const durations = await closedLoop(IN_FLIGHT, seconds, async (_, loop) => signIn(loop));
  return { perSecond: durations.length / seconds, p99: p99(durations) };
}

/**
 * Times each app's `signIn` twice, mirrored (a, b, b, a, so drift falls on both alike), `seconds`
 * each; puts into `values` each one's mean sign-ins per second under `label|kind` and the higher
 * p99 under `label|kind p99`.
 */
async function mirroredSignIns<App extends { label: string }>(
  values: Record<string, number>,
  kind: string,
  apps: readonly App[],
  seconds: number,
  signIn: (app: App, worker: number) => Promise<void>,
): Promise<void> {
  const parts = new Map<App, { perSecond: number; p99: number }[]>();
  for (const app of [...apps, ...[...apps].reverse()]) {
    parts.set(app, [...(parts.get(app) ?? []), await timeSignIns(seconds, (worker) => signIn(app, worker))]);
  }
  for (const [app, [a, b]] of parts) {
    values[`${app.label}|${kind}`] = (a!.perSecond + b!.perSecond) / 2;
    values[`${app.label}|${kind} p99`] = Math.max(a!.p99, b!.p99);
  }
}

/** 10. Issue 23: a password login with its TOTP step, and a passkey login, beside Better Auth's two-factor plugin. */
export async function benchSecondFactor(report: Report, settings: BenchSettings): Promise<void> {
  // Each account signs in at most once per 30-second TOTP step after the first two (see TotpPool):
  // enough accounts for every login of the section.
  const accounts = settings.quick ? { gatehouse: 120, betterAuth: 40 } : { gatehouse: 600, betterAuth: 150 };
  report.section({
    title: '10. Second factors beside Better Auth',
    method: `Gatehouse's Hono example as shipped (SQLite, rate limits off, \`MFA_ENCRYPTION_KEY\` and a WebAuthn relying party set) beside Better Auth on Hono with SQLite and its \`twoFactor()\` plugin (the peer of section 7 with the plugin added as its documentation shows). ${accounts.gatehouse} Gatehouse and ${accounts.betterAuth} Better Auth accounts enrolled an authenticator app over HTTP first (sign up, turn TOTP on, confirm with a code). A TOTP sign-in is two requests: the password login, answered with a challenge (\`mfaToken\` / Better Auth's two-factor cookie), then \`POST /auth/mfa/verify\` / \`/two-factor/verify-totp\` with the code; ${IN_FLIGHT} sign-ins in flight, each on the next account with a code of the current or next 30-second step it has not used (Gatehouse refuses a step used before; Better Auth does not check). Figures: complete sign-ins per second and the p99 of one sign-in (both requests). Each run measures Gatehouse, Better Auth, Better Auth, Gatehouse (${settings.seconds / 2} s each, after a 1 s pause). Passkey: a passwordless sign-in by ${IN_FLIGHT} users at once, each with its own ES256 software authenticator (\`createSoftwareAuthenticator\` of \`@gatehousejs/core/testing\`, registered over HTTP after sign-up; RP ID \`localhost\`, origin \`http://localhost:3000\` on both), two requests each: Gatehouse's \`POST /auth/passkey/options\`, then \`/auth/passkey/login\` with the assertion; Better Auth's \`passkey()\` plugin (\`@better-auth/passkey\` 1.7.6, its newest release, on better-auth 1.7.6, same Hono, SQLite and settings as the TOTP peer) with \`GET /passkey/generate-authenticate-options\` (its challenge kept server-side, named by a signed cookie), then \`POST /passkey/verify-authentication\` with the assertion and that cookie. That peer is a workspace package of its own (\`bench/peer-better-auth-passkey\`): the plugin declares exact versions of Better Auth's parts as peers (\`better-call\` 1.4.0, \`@better-auth/utils\` 0.4.2, \`@better-fetch/fetch\` 1.3.2) older than those of better-auth 1.7.25, so installed beside the other peers it would move them onto the older parts. Measured mirrored as the TOTP sign-ins (Gatehouse, Better Auth, Better Auth, Gatehouse), after an unmeasured warm-up of ${settings.quick ? 0.5 : 1} s each (enrollment ran only the registration path).`,
  });
  const dir = await mkdtemp(join(tmpdir(), 'gatehouse-mfa-'));
  const started: MeasuredServer[] = [];
  try {
    const gatehouse = await gatehouseSecondFactorApp(`sqlite:${join(dir, 'gatehouse.db')}`, accounts.gatehouse, IN_FLIGHT);
    started.push(gatehouse.server);
    const betterAuth = await betterAuthSecondFactorApp(join(dir, 'better-auth.db'), accounts.betterAuth);
    started.push(betterAuth.server);
    const betterAuthPasskey = await betterAuthPasskeyApp(join(dir, 'better-auth-passkey.db'), IN_FLIGHT);
    started.push(betterAuthPasskey.server);
    const apps: readonly SecondFactorApp[] = [gatehouse, betterAuth];
    const passkeyApps: readonly PasskeyApp[] = [gatehouse, betterAuthPasskey];
    const half = Math.max(settings.seconds / 2, 1);
    // Warm-up of the passkey sign-ins (JIT, first queries), not measured, as section 7 warms its routes:
    // enrollment ran only the registration path. (The TOTP sign-ins are not warmed: each spends an account step.)
    for (const app of passkeyApps) await closedLoop(IN_FLIGHT, settings.quick ? 0.5 : 1, (_, loop) => app.passkeyLogin(loop));

    const figures = await repeat(settings.runs, async () => {
      const values: Record<string, number> = {};
      await mirroredSignIns(values, 'totp', apps, half, (app) => app.totpLogin());
      await mirroredSignIns(values, 'passkey', passkeyApps, half, (app, worker) => app.passkeyLogin(worker));
      return values;
    });
    const get = (key: string): Summary => figures[key]!;
    for (const app of apps) {
      report.add({ name: `${app.label}: password + TOTP sign-ins`, unit: 'sign-ins/s', summary: get(`${app.label}|totp`) });
      report.add({ name: `${app.label}: password + TOTP sign-in p99`, unit: 'ms', summary: get(`${app.label}|totp p99`) });
    }
    for (const app of passkeyApps) {
      report.add({ name: `${app.label}: passkey sign-ins`, unit: 'sign-ins/s', summary: get(`${app.label}|passkey`) });
      report.add({ name: `${app.label}: passkey sign-in p99`, unit: 'ms', summary: get(`${app.label}|passkey p99`) });
    }
    // The lead checks: Gatehouse against the Better Auth app of the same kind of sign-in.
    const leads = [
      { kind: 'password + TOTP', key: 'totp', peer: betterAuth.label },
      { kind: 'passkey', key: 'passkey', peer: betterAuthPasskey.label },
    ];
    for (const { kind, key, peer } of leads) {
      const lead = (suffix: string) => ratio(get(`${gatehouse.label}|${key}${suffix}`), get(`${peer}|${key}${suffix}`));
      report.check(
        { name: `Gatehouse / Better Auth: ${kind} sign-ins`, unit: '×', summary: lead('') },
        { atLeast: 1, text: '≥ 1× (lead)' },
      );
      report.check(
        { name: `Gatehouse / Better Auth: ${kind} sign-in p99`, unit: '×', summary: lead(' p99') },
        { atMost: 1, text: '≤ 1× (lead)' },
      );
    }
    for (const app of apps) {
      if (app.pool.waits > 0)
        console.warn(`${app.label}: the TOTP accounts ran out ${app.pool.waits} times; the figures include the waits`);
    }
  } finally {
    await Promise.all(started.map((s) => s.close()));
    await rm(dir, { recursive: true, force: true });
  }
}
