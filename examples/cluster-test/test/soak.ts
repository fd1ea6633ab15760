import { expect, it } from 'vitest';
import { ledgerProblems, problemsDuring, RSS_LEAK_MIB_PER_MINUTE, RSS_TREND_MIN_R2, rssTrend, storedAccounts } from './harness/checks.js';
import { describeSummary, summarize } from './harness/figures.js';
import { LIVE_HEAP_LEAK_MB_PER_MINUTE, liveHeapTrend, type MajorCollection } from './harness/live-heap.js';
import { newLedger, startLoad } from './harness/load-generator.js';
import { UPSTREAM_IDLE_SECONDS } from './harness/nginx-balancer.js';
import { sleep } from './harness/processes.js';
import type { LoadContext } from './load-context.js';

/** GATEHOUSE_CLUSTER_SOAK_SECONDS (default 60, as in CI) sets the soak's length. */
export const SOAK_SECONDS = Number(process.env.GATEHOUSE_CLUSTER_SOAK_SECONDS ?? 60);
const RSS_EVERY_MS = 2000;
/** RSS samples before this (a third of the soak, at least 10 s) are start-up, JIT and heap sizing, not a trend. */
const WARM_UP_MS = Math.max(10_000, (SOAK_SECONDS * 1000) / 3);
/**
 * Nor are those of a process younger than this: the faults restart two instances about half a minute
 * before the soak, and a young process's heap grows under load for a minute or more (a restarted
 * instance rose 91 MiB/min over the soak's last 40 s on a busy machine, where the older ones stayed flat).
 */
const PROCESS_WARM_UP_MS = 60_000;

/** Mixed traffic on a healthy cluster: nothing but the contract's answers, and no memory trend (`rssTrend`). */
export function soak(context: () => LoadContext): void {
  it(
    `answers ${SOAK_SECONDS} s of mixed traffic with no 5xx but declared 503s, and no instance's memory grows steadily`,
    async () => {
      const { cluster, http, users, ratePerSecond } = context();
      const ledger = newLedger('soak.cluster.test');
      const rss: Array<Array<[ms: number, mib: number]>> = cluster.instances.map(() => []);
      const started = performance.now();
      /** Each instance's live heap after a full collection, once warmed up and at the end (live-heap.ts). */
      const liveHeap = async (): Promise<Array<MajorCollection | undefined>> =>
        Promise.all(
          cluster.instances.map(async (instance) => {
            const atMs = instance.age();
            const liveMb = await instance.liveHeapMb();
            return liveMb === undefined ? undefined : { atMs, liveMb };
          }),
        );
      // The load pauses for each reading: a heap snapshot freezes an instance for seconds on a busy
      // machine, and Node's keep-alive timer then fires late on a connection nginx had just sent a
      // request down (a 502 nginx cannot retry; the soak saw 208 of them with the first reading
      // under load). The no-5xx check covers the traffic before and after it. The load resumes only
      // once every instance answers again and nginx has dropped the connections left idle before the
      // snapshot (one 502 when it resumed 2.4 s after pausing, the instance still frozen writing it).
      const loadFor = (ms: number) => startLoad(http, { ratePerSecond, maxInFlight: 32, maxDurationMs: ms, users, ledger });
      const sampleRssUntil = async (untilMs: number) => {
        while (performance.now() - started < untilMs) {
          await sleep(RSS_EVERY_MS);
          const at = performance.now() - started;
          if (at < WARM_UP_MS) continue;
          for (const [i, instance] of cluster.instances.entries()) {
            if (instance.age() < PROCESS_WARM_UP_MS) continue;
            const mib = instance.rss();
            if (mib !== undefined) rss[i]!.push([at, mib]);
          }
        }
      };
      const warmUp = loadFor(WARM_UP_MS);
      await sampleRssUntil(WARM_UP_MS);
      await warmUp.stop();
      const heapAfterWarmUp = await liveHeap();
      await sleep(UPSTREAM_IDLE_SECONDS * 1000 + 500);
      const rest = loadFor(SOAK_SECONDS * 1000 - WARM_UP_MS);
      await sampleRssUntil(SOAK_SECONDS * 1000);
      await rest.stop();
      const heapAtEnd = await liveHeap();
      // The next test's load goes through nginx too.
      await sleep(UPSTREAM_IDLE_SECONDS * 1000 + 500);
      const load = { samples: [...warmUp.samples, ...rest.samples], skipped: () => warmUp.skipped() + rest.skipped() };

      const trends = rss.map((series) => rssTrend(series));
      const heaps = heapAtEnd.map((last, i) => {
        const first = heapAfterWarmUp[i];
        return { first, last, trend: first && last ? liveHeapTrend(first, last) : undefined };
      });
      console.log(
        `soak ${SOAK_SECONDS} s at ${ratePerSecond}/s: ${describeSummary(summarize(load.samples))}; ${load.skipped()} not started\n` +
          cluster.instances
            .map((instance, i) => {
              const series = rss[i]!;
              const trend = trends[i]!;
              const heap = heaps[i]!;
              const liveHeap = heap.trend
                ? `live heap ${heap.first!.liveMb.toFixed(1)} → ${heap.last!.liveMb.toFixed(1)} MB (${heap.trend.mbPerMinute.toFixed(1)} MB/min)`
                : 'live heap not read';
              return `  instance ${i} (${instance.framework}, ${Math.round(instance.age() / 1000)} s old) ${liveHeap}; RSS MiB ${series.map(([, m]) => m.toFixed(0)).join(' ')} (trend ${trend.mibPerMinute.toFixed(1)} MiB/min, R² ${trend.r2.toFixed(2)}; thirds ${trend.thirdsMibPerMinute.map((m) => m.toFixed(1)).join(', ')} MiB/min)`;
            })
            .join('\n'),
      );
      const deaths = cluster.instances.flatMap((i) => i.deaths());
      expect(deaths, cluster.logs()).toEqual([]);
      const problems = problemsDuring(load.samples, 0, Number.POSITIVE_INFINITY);
      expect(problems, problems.length > 0 ? `${problems.join('\n')}\n${cluster.logs()}` : '').toEqual([]);
      // A leak in JavaScript raises the live heap between the two full collections. RSS also moves
      // with other isolates' garbage and the allocator's arenas, so it decides only for an instance
      // whose live heap could not be read (live-heap.ts).
      const growing = trends.flatMap((t, i) => {
        const heap = heaps[i]!.trend;
        if (heap?.leaking)
          return [
            `instance ${i}'s live heap rises ${heap.mbPerMinute.toFixed(1)} MB/min between full collections: over ${LIVE_HEAP_LEAK_MB_PER_MINUTE} MB/min`,
          ];
        if (heap === undefined && t.leaking)
          return [
            `instance ${i}'s RSS rises ${t.mibPerMinute.toFixed(1)} MiB/min along a line (R² ${t.r2.toFixed(2)}), ${t.thirdsMibPerMinute.map((m) => m.toFixed(1)).join(', ')} MiB/min in its thirds: over ${RSS_LEAK_MIB_PER_MINUTE} MiB/min with R² ≥ ${RSS_TREND_MIN_R2}, in every third`,
          ];
        return [];
      });
      expect(growing, growing.join('\n')).toEqual([]);
      const ledgerCheck = ledgerProblems(ledger, await storedAccounts(cluster.postgres.query, ledger));
      expect(ledgerCheck, ledgerCheck.join('\n')).toEqual([]);
    },
    (SOAK_SECONDS + 60) * 1000,
  );
}
