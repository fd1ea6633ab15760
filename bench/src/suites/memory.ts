import { startChildServer } from '../lib/child-server.js';
import { burst, timeOne } from '../lib/load.js';
import type { Report } from '../lib/report.js';
import type { BenchSettings } from '../lib/settings.js';
import { repeat } from '../lib/stats.js';
import { HASHERS } from '../servers/protocol.js';
import { loginCall } from './login.js';

const BURST = 50;

/** 4. Peak resident memory of the server while 50 logins arrive at once. */
export async function benchMemory(report: Report, settings: BenchSettings): Promise<void> {
  report.section({
    title: '4. Memory',
    method: `A fresh server per run (Express, in-memory store, Argon2id m=19456): two logins to warm up, then ${BURST} logins sent at once. Peak RSS is the server's \`resourceUsage().maxRSS\` after the burst plus, for the hash-wasm pool, the peak RSS (\`VmHWM\`) of each of its worker processes, an upper bound of their peak together; each hasher's concurrency cap bounds the hashes in flight (worker pools: twice their size, of which each worker computes one at a time; native on libuv: its 4 threads; on the event loop: core's default 4).`,
  });
  for (const { kind, label } of HASHERS) {
    const figures = await repeat(settings.runs, async () => {
      const server = await startChildServer({
        kind: 'auth',
        hasher: kind,
        databaseUrl: 'memory:',
        ...(settings.threadNice === undefined ? {} : { threadNice: settings.threadNice }),
      });
      try {
        for (let i = 0; i < 2; i++) await timeOne(loginCall(server));
        const before = await server.ask('memory');
        const call = loginCall(server);
        await burst(BURST, async () => {
          const res = await fetch(call.url, { method: 'POST', headers: call.headers, body: call.body });
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`login answered ${res.status}`);
        });
        const after = await server.ask('memory');
        return { idleRss: before.rssMb, peakRss: after.maxRssMb };
      } finally {
        await server.close();
      }
    });
    report.add({ name: `${label}: RSS before the burst`, unit: 'MB', summary: figures.idleRss });
    const peak = { name: `${label}: peak RSS during ${BURST} concurrent logins`, unit: 'MB', summary: figures.peakRss };
    if (kind === 'in-thread') report.add(peak);
    else report.check(peak, { atMost: 300, text: '≤ 300 MB' });
  }
}
