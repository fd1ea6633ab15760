// The script every pool thread runs: lower its own scheduling priority, load the Argon2id engine it
// was given, then compute one task at a time. Plain JavaScript on purpose: Node starts it as is, from
// src/ under the tests and from dist/ in production, with no TypeScript loader; `checkJs`
// type-checks it through the JSDoc below.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

/** @typedef {import('./argon2id-task.js').Argon2idTask} Argon2idTask */
/** @typedef {import('./argon2id-task.js').Argon2idEngine} Argon2idEngine */
/** @typedef {import('./argon2id-task.js').PoolWorkerData} PoolWorkerData */

/**
 * Hashing is throughput work; the event loop is latency work. On Linux the nice value belongs to
 * each thread, so this thread can yield the CPU to the event-loop thread without touching the rest
 * of the process. Elsewhere there is no per-thread nice value and nothing is changed.
 * @param {number} nice
 */
function lowerThreadPriority(nice) {
  if (nice === 0 || process.platform !== 'linux') return;
  try {
    // "<pid>/task/<tid>": the kernel's id of this very thread.
    const [pid, , tid] = readlinkSync('/proc/thread-self').split('/');
    if (Number(pid) === process.pid && Number(tid) > 0) setPriority(Number(tid), nice);
  } catch {
    // No /proc or no permission: run at the normal priority.
  }
}

const port = parentPort;
if (!port) throw new Error('pool-worker.js only runs as a worker thread.');
const setup = /** @type {PoolWorkerData} */ (workerData);
lowerThreadPriority(setup.nice);
const engine = /** @type {Argon2idEngine} */ (await import(setup.engine));

/**
 * @param {Argon2idTask} task
 * @returns {Promise<string | boolean>}
 */
async function run(task) {
  return task.op === 'hash' ? engine.hash(task.password, task.salt, task.params) : engine.verify(task.phcHash, task.password);
}

// The pool sends one task at a time to each worker and waits for the reply before the next.
port.on('message', (/** @type {Argon2idTask} */ task) => {
  run(task).then(
    (value) => port.postMessage({ ok: true, value }),
    (error) => port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
});
