import { during, unexpectedAnswers } from './figures.js';
import type { Answer, HttpClient } from './http-client.js';
import type { Ledger, Sample } from './load-generator.js';
import { sleep, waitUntil } from './processes.js';

/**
 * What went wrong in the samples that overlapped [from, to]: answers the contract does not allow,
 * and requests that got no answer from an instance. `lostAllowedSentBetween`: a SIGKILL may lose the
 * requests that instance was serving when it died (sent just before), but none sent after it.
 */
export function problemsDuring(samples: Sample[], from: number, to: number, options: { lostAllowedSentBetween?: [number, number] } = {}): string[] {
  const window = during(samples, from, to);
  const [allowedFrom, allowedTo] = options.lostAllowedSentBetween ?? [Number.NaN, Number.NaN];
  const lost = window.filter((s) => s.lost && !(s.start >= allowedFrom && s.start <= allowedTo));
  const problems = unexpectedAnswers(window);
  if (lost.length > 0) {
    const reasons = lost
      .slice(0, 5)
      .map((s) => `${s.op}: ${s.lost}, sent ${Math.round(s.start - from)} ms into the window`)
      .join('; ');
    problems.push(`${lost.length} request(s) got no answer from an instance (${reasons})`);
  }
  return problems;
}

export const readiness = (http: HttpClient, pin: number): Promise<Answer> => http.send('GET', '/api/v1/health/ready', { pin, timeoutMs: 5000 });

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
export async function recovery(http: HttpClient, pin: number, probe: (pin: number) => Promise<Answer>, timeoutMs = 15_000): Promise<Recovery> {
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
 * Compares the load's accounts in the database with the 201s it saw: every 201 must be stored, and
 * nothing else may be, except a registration that got no answer at all (its instance was killed).
 */
/**
 * What the database holds against what the clients were told. `outcomeUnknown` names refusals whose
 * outcome a client cannot know: a registration answered 503 because the database stopped answering
 * while it held the insert (a query timeout during a freeze) may still commit when the database
 * returns, as with any timeout. Such accounts are counted, not failed; every other mismatch fails.
 */
export function ledgerProblems(
  ledger: Ledger,
  stored: string[],
  when: (sentAt: number) => string = () => '',
  outcomeUnknown: (refused: { status: number; sentAt: number }) => boolean = () => false,
): string[] {
  const inDatabase = new Set(stored);
  const missing = [...ledger.created].filter((email) => !inDatabase.has(email));
  const extra = stored.filter((email) => {
    if (ledger.created.has(email) || ledger.unanswered.has(email)) return false;
    const refused = ledger.refused.get(email);
    return !(refused && outcomeUnknown(refused));
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

/** Accounts stored although their registration was answered with a refusal `outcomeUnknown` allows. */
export function storedDespiteRefusal(ledger: Ledger, stored: string[]): number {
  return stored.filter((email) => ledger.refused.has(email)).length;
}

/** The load's accounts the database holds. */
export const storedAccounts = (query: (sql: string) => Promise<string[]>, ledger: Ledger) =>
  query(`select email from users where email like '%@${ledger.domain}'`);

/** Whether a memory series rises steadily: the last third's median well above the first third's, in most steps. */
export function steadyGrowth(series: number[]): { growthMiB: number; risingShare: number; steady: boolean } {
  const third = Math.max(1, Math.floor(series.length / 3));
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const first = median(series.slice(0, third));
  const last = median(series.slice(-third));
  let rising = 0;
  for (let i = 1; i < series.length; i++) if (series[i]! > series[i - 1]!) rising++;
  const risingShare = series.length > 1 ? rising / (series.length - 1) : 0;
  const growthMiB = last - first;
  return { growthMiB, risingShare, steady: growthMiB > Math.max(32, first * 0.25) && risingShare >= 0.75 };
}
