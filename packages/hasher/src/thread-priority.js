// Used by the pool's workers (pool-worker.js). Plain JavaScript so Node can
// start them from src/ and dist/ alike; `checkJs` checks it.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Hashing and estimating are throughput work; the event loop is latency work. On Linux the nice
 * value belongs to each thread, so the calling thread can yield the CPU to the event-loop thread
 * without touching the rest of the process. Elsewhere there is no per-thread nice value and nothing
 * is changed.
 * @param {number} nice
 */
export function lowerThreadPriority(nice) {
  if (nice === 0 || process.platform !== 'linux') return;
  try {
    // "<pid>/task/<tid>": the kernel's id of this very thread.
    const [pid, , tid] = readlinkSync('/proc/thread-self').split('/');
    if (Number(pid) === process.pid && Number(tid) > 0) setPriority(Number(tid), nice);
  } catch {
    // No /proc or no permission: run at the normal priority.
  }
}
