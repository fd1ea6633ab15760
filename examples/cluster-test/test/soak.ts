import { expect, it } from 'vitest';
import { ledgerProblems, problemsDuring, steadyGrowth, storedAccounts } from './harness/checks.js';
import { describeSummary, summarize } from './harness/figures.js';
import { newLedger, startLoad } from './harness/load-generator.js';
import { sleep } from './harness/processes.js';
import type { LoadContext } from './load-context.js';

/** GATEHOUSE_CLUSTER_SOAK_SECONDS (default 60, as in CI) sets the soak's length. */
export const SOAK_SECONDS = Number(process.env.GATEHOUSE_CLUSTER_SOAK_SECONDS ?? 60);
const RSS_EVERY_MS = 2000;
/** RSS samples before this are start-up and JIT warm-up, not growth. */
const WARM_UP_MS = 10_000;

/** Mixed traffic on a healthy cluster: nothing but the contract's answers, and no steady memory growth. */
export function soak(context: () => LoadContext): void {
  it(`answers ${SOAK_SECONDS} s of mixed traffic with no 5xx but declared 503s, and no instance's memory grows steadily`, async () => {
    const { cluster, http, users, ratePerSecond } = context();
    const ledger = newLedger('soak.cluster.test');
    const rss: number[][] = cluster.instances.map(() => []);
    const started = performance.now();
    const load = startLoad(http, { ratePerSecond, maxInFlight: 32, maxDurationMs: SOAK_SECONDS * 1000, users, ledger });
    while (performance.now() - started < SOAK_SECONDS * 1000) {
      await sleep(RSS_EVERY_MS);
      if (performance.now() - started < WARM_UP_MS) continue;
      for (const [i, instance] of cluster.instances.entries()) {
        const mib = instance.rss();
        if (mib !== undefined) rss[i]!.push(mib);
      }
    }
    await load.stop();

    const growth = rss.map((series) => steadyGrowth(series));
    console.log(
      `soak ${SOAK_SECONDS} s at ${ratePerSecond}/s: ${describeSummary(summarize(load.samples))}; ${load.skipped()} not started\n` +
        cluster.instances
          .map((instance, i) => {
            const series = rss[i]!;
            return `  instance ${i} (${instance.framework}) RSS MiB ${series.map((m) => m.toFixed(0)).join(' ')} (growth ${growth[i]!.growthMiB.toFixed(1)} MiB, rising in ${Math.round(growth[i]!.risingShare * 100)} % of steps)`;
          })
          .join('\n'),
    );
    const deaths = cluster.instances.flatMap((i) => i.deaths());
    expect(deaths, cluster.logs()).toEqual([]);
    const problems = problemsDuring(load.samples, 0, Number.POSITIVE_INFINITY);
    expect(problems, problems.join('\n')).toEqual([]);
    const growing = growth.flatMap((g, i) => (g.steady ? [`instance ${i}'s RSS grew ${g.growthMiB.toFixed(1)} MiB, rising in ${Math.round(g.risingShare * 100)} % of samples`] : []));
    expect(growing, growing.join('\n')).toEqual([]);
    const ledgerCheck = ledgerProblems(ledger, await storedAccounts(cluster.postgres.query, ledger));
    expect(ledgerCheck, ledgerCheck.join('\n')).toEqual([]);
  }, (SOAK_SECONDS + 60) * 1000);
}
