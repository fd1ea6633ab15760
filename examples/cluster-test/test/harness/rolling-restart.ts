import { SHUTDOWN_TIMEOUT_SECONDS } from './cluster.js';
import { FAIL_TIMEOUT_SECONDS } from './nginx-balancer.js';
import { sleep } from './processes.js';
import type { ServerInstance } from './server-instance.js';

/**
 * Redeploys the instances one at a time with `changes` to their environment, as a step of the key
 * rotation runbook does (docs/keys.md): each is drained (SIGTERM, it finishes what it holds), started
 * with the new settings, and given nginx's `fail_timeout` and a second more to be taken back before
 * the next one goes, so two instances always serve. nginx counts `fail_timeout` from the last refused
 * connection, which can come just before the new process listens: with no margin, the next instance
 * could stop while this one is still left out, leaving a single instance whose first error would
 * make nginx answer 502 (no live upstream). Resolves with when each old process ended (`performance.now()`:
 * it signed its last token then) and how long each restart took, in ms.
 */
export async function rollingRestart(
  instances: readonly ServerInstance[],
  changes: Record<string, string | undefined>,
): Promise<Array<{ stoppedAt: number; ms: number }>> {
  const took: Array<{ stoppedAt: number; ms: number }> = [];
  for (const instance of instances) {
    const from = performance.now();
    instance.signal('SIGTERM');
    const exit = await instance.waitForExit((SHUTDOWN_TIMEOUT_SECONDS + 1) * 1000);
    if (exit?.code !== 0) throw new Error(`instance ${instance.index} did not drain and exit 0 after SIGTERM: ${JSON.stringify(exit)}`);
    instance.reconfigure(changes);
    await instance.start();
    took.push({ stoppedAt: exit.at, ms: performance.now() - from });
    await sleep((FAIL_TIMEOUT_SECONDS + 1) * 1000);
  }
  return took;
}
