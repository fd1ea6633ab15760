import { during, unexpectedAnswers } from './figures.js';
import type { Answer, HttpClient } from './http-client.js';
import type { Ledger, Sample } from './load-generator.js';
import { sleep, waitUntil } from './processes.js';

/**
 * What went wrong in the samples that overlapped [from, to]: answers the contract does not allow,
 * and requests that got no answer from an instance. `lostAllowedSentBetween`: a SIGKILL may lose the
 * requests that instance was serving when it died (sent just before), but none sent after it.
 */
export function problemsDuring(
  samples: Sample[],
  from: number,
  to: number,
  options: { lostAllowedSentBetween?: [number, number] } = {},
): string[] {
  const window = during(samples, from, to);
  const [allowedFrom, allowedTo] = options.lostAllowedSentBetween ?? [Number.NaN, Number.NaN];
  const lost = window.filter((s) => s.lost && !(s.start >= allowedFrom && s.start <= allowedTo));
  const problems = unexpectedAnswers(window);
  if (lost.length > 0) {
    const reasons = lost
      .slice(0, 5)
      // The clock time too, to find the request in nginx's and the instances' logs.
      .map(
        (s) =>
          `${s.op}: ${s.lost}, sent ${Math.round(s.start - from)} ms into the window (${new Date(performance.timeOrigin + s.start).toISOString()})`,
      )
      .join('; ');
    problems.push(`${lost.length} request(s) got no answer from an instance (${reasons})`);
  }
  return problems;
}

export const readiness = (http: HttpClient, pin: number): Promise<Answer> =>
  http.send('GET', '/api/v1/health/ready', { pin, timeoutMs: 5000 });

/** Polls every instance's readiness (pinned through nginx) until stopped; the answers per instance. */
export function watchReadiness(http: HttpClient, pins: number[], everyMs = 250) {
  const seen: Answer[][] = pins.map(() => []);
  let stopped = false;
  const loops = pins.map(async (pin, i) => {
    while (!stopped) {
      seen[i]!.push(await readiness(http, pin));
      await sleep(everyMs);
    }
  });
  return {
    seen,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return seen;
    },
  };
}

/** How long instance `pin` took to serve again, or what it answered last when it did not. */
export type Recovery = { ms: number; last?: undefined } | { ms: undefined; last: string };

/**
 * Time from now until instance `pin` is ready again and serves `probe` with 200 (polled every
 * 50 ms), or, after `timeoutMs`, what its readiness and the probe answered last.
 */
export async function recovery(
  http: HttpClient,
  pin: number,
  probe: (pin: number) => Promise<Answer>,
  timeoutMs = 15_000,
): Promise<Recovery> {
  const start = performance.now();
  let last = 'nothing';
  const ok = await waitUntil(
    async () => {
      const ready = await readiness(http, pin);
      if (ready.status !== 200) {
        last = `readiness ${ready.status || ready.failure} ${JSON.stringify(ready.body)?.slice(0, 120)}`;
        return false;
      }
      const served = await probe(pin);
      last = `probe ${served.status || served.failure} ${JSON.stringify(served.body)?.slice(0, 120)}`;
      return served.status === 200;
    },
    timeoutMs,
    50,
  );
  return ok ? { ms: performance.now() - start } : { ms: undefined, last };
}

/**
 * What the database holds against what the clients were told: every 201 must be stored, and
 * nothing else may be, except a registration that got no answer at all (its instance was killed).
 */
export function ledgerProblems(ledger: Ledger, stored: string[], when: (sentAt: number) => string = () => ''): string[] {
  const inDatabase = new Set(stored);
  const missing = [...ledger.created].filter((email) => !inDatabase.has(email));
  const extra = stored.filter((email) => {
    return !ledger.created.has(email) && !ledger.unanswered.has(email);
  });
  const problems: string[] = [];
  if (missing.length > 0) problems.push(`${missing.length} account(s) answered 201 are not in the database`);
  if (extra.length > 0) {
    const answers = extra
      .map((email) => {
        const refused = ledger.refused.get(email);
        return refused ? `${refused.status}${when(refused.sentAt)}` : 'never sent';
      })
      .join(', ');
    problems.push(`${extra.length} account(s) are in the database whose registration was answered ${answers}, not 201`);
  }
  return problems;
}

/** Accounts stored although their registration was answered with a refusal (a figure; the ledger check fails on them). */
export function storedDespiteRefusal(ledger: Ledger, stored: string[]): number {
  return stored.filter((email) => ledger.refused.has(email)).length;
}

/** The load's accounts the database holds. */
export const storedAccounts = (query: (sql: string) => Promise<string[]>, ledger: Ledger) =>
  query(`select email from users where email like '%@${ledger.domain}'`);

/**
 * RSS rising faster than this, per minute, along a clear line and in every third of the soak, is a
 * leak. V8 grows its heap for minutes after start: in a 60-s soak on this machine, healthy instances
 * moved by −112 to +42 MiB/min (R² up to 0.78) when fitted from 20 s on, in steps that level off
 * (190 → 213 MiB, then flat), where a leak (10 KiB a request at 100/s is 60 MiB/min) keeps rising.
 */
export const RSS_LEAK_MIB_PER_MINUTE = 20;
/** How well the line must explain the samples (R²) to count as a trend rather than GC saw-tooth and heap steps. */
export const RSS_TREND_MIN_R2 = 0.7;

/**
 * A least-squares line through RSS samples taken after warm-up (`samples`: [ms, MiB]): its slope in
 * MiB per minute and R². A leak is a slope above `RSS_LEAK_MIB_PER_MINUTE` that the line explains
 * (R² ≥ `RSS_TREND_MIN_R2`) and that each third of the series shows on its own: a leak rises
 * steadily, while the garbage collector's saw-tooth moves RSS by a few MiB either way (a low R²)
 * and a heap or allocator step (V8 sizing its heap, glibc keeping a hash's 19 MiB in a worker
 * thread's arena, the password-strength thread loading its dictionaries) rises for a while and
 * stays or falls back, not in every third. The CI minute catches a leak of more than 20 MiB a minute
 * (at the soak's ~33 requests/s an instance, about 10 KiB a request); a longer soak
 * (GATEHOUSE_CLUSTER_SOAK_SECONDS) prints a tighter slope for smaller ones.
 */
export function rssTrend(samples: ReadonlyArray<readonly [ms: number, mib: number]>): {
  mibPerMinute: number;
  r2: number;
  /** The slope of each third alone: a leak rises in all of them, a step in some. */
  thirdsMibPerMinute: number[];
  leaking: boolean;
} {
  const whole = fitLine(samples);
  const third = samples.length / 3;
  const thirds = [0, 1, 2].map((k) => fitLine(samples.slice(Math.round(k * third), Math.round((k + 1) * third))).mibPerMinute);
  const leaking =
    whole.mibPerMinute > RSS_LEAK_MIB_PER_MINUTE &&
    whole.r2 >= RSS_TREND_MIN_R2 &&
    thirds.every((slope) => slope > RSS_LEAK_MIB_PER_MINUTE);
  return { mibPerMinute: whole.mibPerMinute, r2: whole.r2, thirdsMibPerMinute: thirds, leaking };
}

/** Least-squares line through (ms, MiB) samples: its slope per minute and R². */
function fitLine(samples: ReadonlyArray<readonly [ms: number, mib: number]>): { mibPerMinute: number; r2: number } {
  const n = samples.length;
  if (n < 3) return { mibPerMinute: 0, r2: 0 };
  const meanT = samples.reduce((sum, [t]) => sum + t, 0) / n;
  const meanM = samples.reduce((sum, [, m]) => sum + m, 0) / n;
  let sTT = 0;
  let sTM = 0;
  let sMM = 0;
  for (const [t, m] of samples) {
    sTT += (t - meanT) ** 2;
    sTM += (t - meanT) * (m - meanM);
    sMM += (m - meanM) ** 2;
  }
  const slopePerMs = sTT === 0 ? 0 : sTM / sTT;
  const r2 = sTT === 0 || sMM === 0 ? 0 : (sTM * sTM) / (sTT * sMM);
  return { mibPerMinute: slopePerMs * 60_000, r2 };
}
