import { afterAll, beforeAll, expect, it } from 'vitest';
import { login } from './harness/accounts.js';
import {
  ledgerProblems,
  problemsDuring,
  recovery,
  storedAccounts,
  storedDespiteRefusal,
  watchReadiness,
  type Recovery,
} from './harness/checks.js';
import { SHUTDOWN_TIMEOUT_SECONDS } from './harness/cluster.js';
import { describeSummary, during, summarize } from './harness/figures.js';
import type { Answer } from './harness/http-client.js';
import { newLedger, startLoad, type Load } from './harness/load-generator.js';
import { sleep } from './harness/processes.js';
import type { LoadContext } from './load-context.js';

/** How long each dependency stays away, in ms. */
const POSTGRES_STOPPED_MS = 10_000;
const REDIS_STOPPED_MS = 5_000;
const POSTGRES_FROZEN_MS = 5_000;
/** Every instance must serve again this soon after its dependency is back, without a restart. */
const RECOVERY_LIMIT_MS = 5_000;

/**
 * Faults under a bounded mixed load through nginx: instances killed and stopped, PostgreSQL and
 * Redis stopped and frozen. No instance may die of it, outage answers are declared 503s (or
 * successes), readiness follows the dependencies, and no write is lost or invented.
 */
export function faultsUnderLoad(context: () => LoadContext): void {
  let load: Load | undefined;
  const ledger = newLedger('faults.cluster.test');
  const figures: string[] = [];
  /** Each fault's span, to say in which one an answer came. */
  const phases: Array<{ name: string; from: number; to: number }> = [];
  const phaseOf = (at: number) => {
    const phase = phases.find((p) => at >= p.from && at <= p.to);
    return phase ? ` (sent while ${phase.name})` : ' (sent between faults)';
  };
  /** Requests sent in this span may be lost: the SIGKILLed instance held them. */
  let killSpan: [number, number] | undefined;
  const current = () => {
    if (!load) throw new Error('the load did not start');
    return load;
  };
  const noDeaths = () => {
    const { cluster } = context();
    const deaths = cluster.instances.flatMap((i) =>
      i.deaths().map((exit) => `instance ${i.index} (${i.framework}) exited ${exit.code ?? exit.signal}`),
    );
    expect(deaths, `${deaths.join('; ')}\n${cluster.logs()}`).toEqual([]);
  };
  const expectNoProblems = (problems: string[]) =>
    expect(problems, problems.length > 0 ? `${problems.join('\n')}\n${context().cluster.logs()}` : '').toEqual([]);
  const me = (pin: number): Promise<Answer> =>
    context().http.send('GET', '/api/v1/users/me', { bearer: context().probe.accessToken, pin, timeoutMs: 5000 });
  const loginProbe = (pin: number): Promise<Answer> =>
    login(context().http, context().probe.account.email, context().probe.account.password, pin);

  /** Recovery of every instance, measured from now. */
  const recoveries = (probe: (pin: number) => Promise<Answer>) =>
    Promise.all(context().ports.map((_, pin) => recovery(context().http, pin, probe)));
  const expectRecovered = (times: Recovery[], limitMs = RECOVERY_LIMIT_MS) => {
    for (const [pin, { ms, last }] of times.entries()) {
      expect(ms, `instance ${pin} did not serve again within 15 s; last answer: ${last}`).toBeDefined();
      expect(ms!, `instance ${pin} took ${Math.round(ms!)} ms to serve again`).toBeLessThanOrEqual(limitMs);
    }
  };
  const showMs = (times: Recovery[]) => times.map(({ ms }) => (ms === undefined ? 'never' : `${Math.round(ms)} ms`)).join(', ');
  const expectUnready = (seen: Answer[][], dependency: 'database' | 'redis') => {
    for (const [pin, answers] of seen.entries()) {
      const unready = answers.filter((a) => a.status === 503);
      expect(unready.length, `instance ${pin}'s readiness never answered 503: ${answers.map((a) => a.status).join(',')}`).toBeGreaterThan(
        0,
      );
      expect(unready[0]!.body?.checks?.[dependency], `instance ${pin}'s readiness body: ${JSON.stringify(unready[0]!.body)}`).not.toBe(
        'ok',
      );
    }
  };

  beforeAll(() => {
    const { http, users, ratePerSecond } = context();
    load = startLoad(http, { ratePerSecond, maxInFlight: 32, maxDurationMs: 240_000, users, ledger });
  });

  afterAll(async () => {
    await load?.stop();
    if (figures.length > 0) console.log(`faults under load:\n  ${figures.join('\n  ')}`);
  }, 60_000);

  it('serves on while an instance is SIGKILLed and started again; only the requests it held are lost', async () => {
    const { cluster, http } = context();
    await sleep(2000);
    const victim = cluster.instances[1]!;
    const killedAt = performance.now();
    victim.signal('SIGKILL');
    const died = await victim.waitForExit(5000);
    await sleep(1000);
    const restartMs = await victim.start();
    const serves = await recovery(http, victim.index, me);
    await sleep(1000);
    const samples = during(current().samples, killedAt, performance.now());
    phases.push({ name: `instance ${victim.index} was SIGKILLed and restarted`, from: killedAt, to: performance.now() });
    figures.push(
      `SIGKILL instance ${victim.index} (${victim.framework}), restarted in ${Math.round(restartMs)} ms: ${describeSummary(summarize(samples))}`,
    );
    noDeaths();
    expect(serves.ms, `instance ${victim.index} did not serve after its restart; last answer: ${serves.last}`).toBeDefined();
    // The requests it held when it died: sent before its end was seen (plus 250 ms for nginx to see
    // its kept-alive connections close), at most a request timeout earlier.
    killSpan = [killedAt - 20_000, (died?.at ?? killedAt) + 250];
    expectNoProblems(problemsDuring(current().samples, killedAt, performance.now(), { lostAllowedSentBetween: killSpan }));
  }, 60_000);

  it(`answers declared 503s while PostgreSQL is stopped for ${POSTGRES_STOPPED_MS / 1000} s, turns unready, and every instance serves within 5 s of its return`, async () => {
    const { cluster, http, ports } = context();
    const from = performance.now();
    const watch = watchReadiness(
      http,
      ports.map((_, pin) => pin),
    );
    let times: Recovery[] = [];
    try {
      await cluster.postgres.stop();
      await sleep(POSTGRES_STOPPED_MS);
    } finally {
      await cluster.postgres.start();
      times = await recoveries(me);
    }
    const seen = await watch.stop();
    const to = performance.now();
    phases.push({ name: 'PostgreSQL was stopped', from, to });
    figures.push(
      `PostgreSQL stopped ${POSTGRES_STOPPED_MS / 1000} s: ${describeSummary(summarize(during(current().samples, from, to)))}; instances served again after ${showMs(times)}`,
    );
    noDeaths();
    expectUnready(seen, 'database');
    expectRecovered(times);
    expectNoProblems(problemsDuring(current().samples, from, to));
  }, 60_000);

  it(`answers declared 503s (or succeeds) while Redis is stopped for ${REDIS_STOPPED_MS / 1000} s, turns unready, and every instance serves within 5 s of its return`, async () => {
    const { cluster, http, ports } = context();
    const from = performance.now();
    const watch = watchReadiness(
      http,
      ports.map((_, pin) => pin),
    );
    let times: Recovery[] = [];
    try {
      await cluster.redis.stop();
      await sleep(REDIS_STOPPED_MS);
    } finally {
      await cluster.redis.start();
      times = await recoveries(loginProbe);
    }
    const seen = await watch.stop();
    const to = performance.now();
    phases.push({ name: 'Redis was stopped', from, to });
    figures.push(
      `Redis stopped ${REDIS_STOPPED_MS / 1000} s: ${describeSummary(summarize(during(current().samples, from, to)))}; instances served again after ${showMs(times)}`,
    );
    noDeaths();
    expectUnready(seen, 'redis');
    expectRecovered(times);
    expectNoProblems(problemsDuring(current().samples, from, to));
  }, 60_000);

  it(`answers every request (503 or success) while PostgreSQL is frozen for ${POSTGRES_FROZEN_MS / 1000} s, turns unready, and every instance serves within 5 s of the thaw`, async () => {
    const { cluster, http, ports } = context();
    const from = performance.now();
    const watch = watchReadiness(
      http,
      ports.map((_, pin) => pin),
    );
    let times: Recovery[] = [];
    try {
      cluster.postgres.freeze();
      await sleep(POSTGRES_FROZEN_MS);
    } finally {
      cluster.postgres.thaw();
      times = await recoveries(me);
    }
    const seen = await watch.stop();
    // Requests sent during the freeze may wait for their timeout: give them time to end.
    await sleep(2000);
    const to = performance.now();
    phases.push({ name: 'PostgreSQL was frozen', from, to });
    figures.push(
      `PostgreSQL frozen ${POSTGRES_FROZEN_MS / 1000} s: ${describeSummary(summarize(during(current().samples, from, to)))}; instances served again after ${showMs(times)}`,
    );
    noDeaths();
    expectUnready(seen, 'database');
    expectRecovered(times);
    expectNoProblems(problemsDuring(current().samples, from, to));
  }, 60_000);

  it(`drains an instance SIGTERMed under load and exits 0 within SHUTDOWN_TIMEOUT (${SHUTDOWN_TIMEOUT_SECONDS} s), losing no request`, async () => {
    const { cluster } = context();
    const victim = cluster.instances[2]!;
    const from = performance.now();
    victim.signal('SIGTERM');
    const exit = await victim.waitForExit((SHUTDOWN_TIMEOUT_SECONDS + 1) * 1000);
    const exitMs = performance.now() - from;
    if (!exit) {
      victim.signal('SIGKILL');
      await victim.waitForExit(5000);
    }
    await sleep(1000);
    const to = performance.now();
    const restartMs = await victim.start();
    phases.push({ name: `instance ${victim.index} was SIGTERMed`, from, to });
    figures.push(
      `SIGTERM instance ${victim.index} (${victim.framework}): ${exit ? `exited ${exit.code ?? exit.signal} after ${Math.round(exitMs)} ms` : 'still running after the deadline'}, restarted in ${Math.round(restartMs)} ms; ${describeSummary(summarize(during(current().samples, from, to)))}`,
    );
    noDeaths();
    expect(
      exit,
      `instance ${victim.index} was still running ${SHUTDOWN_TIMEOUT_SECONDS + 1} s after SIGTERM\n${cluster.logs()}`,
    ).toBeDefined();
    expect(exit!.code).toBe(0);
    expectNoProblems(problemsDuring(current().samples, from, to));
  }, 60_000);

  it('ends with no instance dead and exactly the accounts answered 201 in the database', async () => {
    const { cluster } = context();
    await current().stop();
    const all = current().samples;
    figures.push(
      `whole fault run: ${describeSummary(summarize(all))}; ${current().skipped()} requests not started (32 in flight); ${ledger.created.size} accounts answered 201`,
    );
    noDeaths();
    const stored = await storedAccounts(cluster.postgres.query, ledger);
    // A registration answered 503 leaves no account: the account and its first refresh token are one
    // transaction, and the store undoes a COMMIT that outlived its timeout once the database answers.
    figures.push(`accounts stored although refused: ${storedDespiteRefusal(ledger, stored)}`);
    expectNoProblems(ledgerProblems(ledger, stored, phaseOf));
    // Between the faults too: nothing but the contract's answers, nothing lost but what the SIGKILL held.
    expectNoProblems(problemsDuring(all, 0, Number.POSITIVE_INFINITY, killSpan ? { lostAllowedSentBetween: killSpan } : {}));
  }, 60_000);
}
