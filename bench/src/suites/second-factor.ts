import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closedLoop, p99 } from '../lib/load.js';
import type { Report } from '../lib/report.js';
import type { MeasuredServer } from '../lib/script-server.js';
import type { BenchSettings } from '../lib/settings.js';
import { ratio, repeat, type Summary } from '../lib/stats.js';
import { betterAuthSecondFactorApp, gatehouseSecondFactorApp, type SecondFactorApp } from './second-factor-apps.js';

/** Sign-ins in flight, as the peers section's logins. */
const IN_FLIGHT = 8;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sign-ins per second and their p99 over both halves of one measurement. */
async function timeSignIns(halves: number, seconds: number, signIn: (worker: number) => Promise<void>) {
  let count = 0;
  const durations: number[] = [];
  for (let h = 0; h < halves; h++) {
    await pause(1000);
    const part = await closedLoop(IN_FLIGHT, seconds, async (n) => signIn(n % IN_FLIGHT));
    count += part.length;
    durations.push(...part);
  }
  return { perSecond: count / (halves * seconds), p99: p99(durations) };
}

/** 10. Issue 23: a password login with its TOTP step, and a passkey login, beside Better Auth's two-factor plugin. */
export async function benchSecondFactor(report: Report, settings: BenchSettings): Promise<void> {
  // Each account signs in at most once per 30-second TOTP step after the first two (see TotpPool):
  // enough accounts for every login of the section.
  const accounts = settings.quick ? { gatehouse: 120, betterAuth: 40 } : { gatehouse: 600, betterAuth: 150 };
  report.section({
    title: '10. Second factors beside Better Auth',
    method: `Gatehouse's Hono example as shipped (SQLite, rate limits off, \`MFA_ENCRYPTION_KEY\` and a WebAuthn relying party set) beside Better Auth on Hono with SQLite and its \`twoFactor()\` plugin (the peer of section 7 with the plugin added as its documentation shows). ${accounts.gatehouse} Gatehouse and ${accounts.betterAuth} Better Auth accounts enrolled an authenticator app over HTTP first (sign up, turn TOTP on, confirm with a code). A TOTP sign-in is two requests: the password login, answered with a challenge (\`mfaToken\` / Better Auth's two-factor cookie), then \`POST /auth/mfa/verify\` / \`/two-factor/verify-totp\` with the code; ${IN_FLIGHT} sign-ins in flight, each on the next account with a code of the current or next 30-second step it has not used (Gatehouse refuses a step used before; Better Auth does not check). Figures: complete sign-ins per second and the p99 of one sign-in (both requests). Each run measures Gatehouse, Better Auth, Better Auth, Gatehouse (${settings.seconds / 2} s each, after a 1 s pause). Passkey: Gatehouse's passwordless sign-in (\`POST /auth/passkey/options\`, then \`/auth/passkey/login\` with the assertion of an ES256 software authenticator, \`createSoftwareAuthenticator\` of \`@gatehousejs/core/testing\`), ${IN_FLIGHT} in flight, one authenticator each; no peer figure: Better Auth's passkey plugin is a separate package whose newest release (\`@better-auth/passkey\` 1.7.6) pins older versions of Better Auth's own parts as peers (\`better-call\` 1.4.0, \`@better-auth/utils\` 0.4.2, \`@better-fetch/fetch\` 1.3.2) than better-auth 1.7.25 uses; installing it moves the Better Auth of section 7 onto them, so it is left out until a release matches.`,
  });
  const dir = await mkdtemp(join(tmpdir(), 'gatehouse-mfa-'));
  const started: MeasuredServer[] = [];
  try {
    const gatehouse = await gatehouseSecondFactorApp(`sqlite:${join(dir, 'gatehouse.db')}`, accounts.gatehouse, IN_FLIGHT);
    started.push(gatehouse.server);
    const betterAuth = await betterAuthSecondFactorApp(join(dir, 'better-auth.db'), accounts.betterAuth);
    started.push(betterAuth.server);
    const apps: readonly SecondFactorApp[] = [gatehouse, betterAuth];
    const half = Math.max(settings.seconds / 2, 1);

    const figures = await repeat(settings.runs, async () => {
      const values: Record<string, number> = {};
      // Mirrored: G, B, B, G, so drift falls on both alike.
      const parts = new Map<SecondFactorApp, { perSecond: number; p99: number }[]>();
      for (const app of [...apps, ...[...apps].reverse()]) {
        parts.set(app, [...(parts.get(app) ?? []), await timeSignIns(1, half, () => app.totpLogin())]);
      }
      for (const [app, [a, b]] of parts) {
        values[`${app.label}|totp`] = (a!.perSecond + b!.perSecond) / 2;
        values[`${app.label}|totp p99`] = Math.max(a!.p99, b!.p99);
      }
      const passkey = await timeSignIns(2, half, (worker) => gatehouse.passkeyLogin!(worker));
      values.passkey = passkey.perSecond;
      values['passkey p99'] = passkey.p99;
      return values;
    });
    const get = (key: string): Summary => figures[key]!;
    for (const app of apps) {
      report.add({ name: `${app.label}: password + TOTP sign-ins`, unit: 'sign-ins/s', summary: get(`${app.label}|totp`) });
      report.add({ name: `${app.label}: password + TOTP sign-in p99`, unit: 'ms', summary: get(`${app.label}|totp p99`) });
    }
    report.add({ name: `${gatehouse.label}: passkey sign-ins`, unit: 'sign-ins/s', summary: get('passkey') });
    report.add({ name: `${gatehouse.label}: passkey sign-in p99`, unit: 'ms', summary: get('passkey p99') });
    report.check(
      {
        name: 'Gatehouse / Better Auth: password + TOTP sign-ins',
        unit: '×',
        summary: ratio(get(`${gatehouse.label}|totp`), get(`${betterAuth.label}|totp`)),
      },
      { atLeast: 1, text: '≥ 1× (lead)' },
    );
    report.check(
      {
        name: 'Gatehouse / Better Auth: password + TOTP sign-in p99',
        unit: '×',
        summary: ratio(get(`${gatehouse.label}|totp p99`), get(`${betterAuth.label}|totp p99`)),
      },
      { atMost: 1, text: '≤ 1× (lead)' },
    );
    for (const app of apps) {
      if (app.pool.waits > 0)
        console.warn(`${app.label}: the TOTP accounts ran out ${app.pool.waits} times; the figures include the waits`);
    }
  } finally {
    await Promise.all(started.map((s) => s.close()));
    await rm(dir, { recursive: true, force: true });
  }
}
