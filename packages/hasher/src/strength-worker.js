// The pool's strength worker: a thread that estimates password strength with core's own zxcvbn
// estimate, one task at a time, at the hashing threads' lower priority. One per pool, apart from the
// hashing workers: zxcvbn's dictionaries and the garbage of its estimates take 60–100 MB per isolate
// that runs them, so they are loaded once, never in every hashing worker (nor in a hash-wasm worker
// process), and a burst of sign-ups never queues in front of the logins' hashes. Plain JavaScript,
// like pool-worker.js.
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThreadPriority } from './thread-priority.js';

/** @typedef {import('./argon2id-task.js').StrengthTask} StrengthTask */

const port = parentPort;
if (!port) throw new Error('strength-worker.js runs as a worker thread of the pool.');
lowerThreadPriority(/** @type {{ nice: number }} */ (workerData).nice);
// Loaded when the thread starts, that is with the pool's first estimate: a server that only logs
// people in never loads zxcvbn.
const { estimatePasswordStrength } = await import('@gatehousejs/core/password-strength');

port.on('message', (/** @type {StrengthTask} */ task) => {
  try {
    port.postMessage({ ok: true, value: estimatePasswordStrength(task.password, task.userInputs) });
  } catch (error) {
    port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
