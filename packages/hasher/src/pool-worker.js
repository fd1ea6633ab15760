// The script every pool worker (a thread or a process) runs: lower its own scheduling priority, load
// the Argon2id engine it was given, then compute one task at a time. Plain JavaScript on purpose:
// Node starts it as is, from src/ under the tests and from dist/ in production, with no TypeScript
// loader; `checkJs` type-checks it through the JSDoc below.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

/** @typedef {import('./argon2id-task.js').Argon2idTask} Argon2idTask */
/** @typedef {import('@gatehousejs/core').Argon2idEngine} Argon2idEngine */
/** @typedef {import('./argon2id-task.js').PoolWorkerData} PoolWorkerData */
/** @typedef {import('@gatehousejs/core').PasswordStrength} PasswordStrength */

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

/**
 * The link to the pool: the thread's port, or the IPC channel of a forked process (which exits when
 * the pool closes the channel, or when the pool's process dies and the channel breaks).
 * @type {{ setup: PoolWorkerData, send(reply: unknown): void, onTask(listener: (task: Argon2idTask) => void): void, afterTask(): void }}
 */
const link = (() => {
  const port = parentPort;
  if (port) {
    return {
      setup: workerData,
      send: (reply) => port.postMessage(reply),
      onTask: (listener) => void port.on('message', listener),
      afterTask: () => {},
    };
  }
  const send = process.send?.bind(process);
  if (!send) throw new Error('pool-worker.js runs as a worker thread or a forked process of the pool.');
  process.once('disconnect', () => process.exit(0));
  // A worker process does nothing but hash. hash-wasm leaves a 19 MiB WebAssembly memory behind per
  // hash, which V8 would only collect once about 64 MiB of them piled up: collecting after each task
  // (the pool starts the process with --expose-gc) keeps a worker near one hash's memory, and costs
  // about 3 ms that the next hash would have spent on the same collection later.
  const collect = typeof globalThis.gc === 'function' ? globalThis.gc : () => {};
  return {
    setup: JSON.parse(process.argv[2] ?? '{}'),
    // With a callback, a reply to a pool whose process already ended (the channel is gone) is
    // dropped instead of crashing this worker with EPIPE; the 'disconnect' above then ends it.
    send: (reply) => void send(reply, undefined, undefined, () => {}),
    onTask: (listener) => void process.on('message', listener),
    afterTask: () => collect(),
  };
})();
lowerThreadPriority(link.setup.nice);
const engine = /** @type {Argon2idEngine} */ (await import(link.setup.engine));

/**
 * Core's zxcvbn estimate, imported with this worker's first estimate and kept: its dictionaries take
 * about 0.3 s and tens of MB to load and index, paid once per worker that estimates, never by a
 * worker that only hashes (a server that only logs people in never loads them).
 * @type {Promise<typeof import('@gatehousejs/core/password-strength')> | undefined}
 */
let strength;

/**
 * @param {Argon2idTask} task
 * @returns {Promise<string | boolean | PasswordStrength>}
 */
async function run(task) {
  if (task.op === 'hash') return engine.hash(task.password, task.salt, task.params, task.hashLength);
  if (task.op === 'verify') return engine.verify(task.phcHash, task.password);
  const { estimatePasswordStrength } = await (strength ??= import('@gatehousejs/core/password-strength'));
  return estimatePasswordStrength(task.password, task.userInputs);
}

// The pool may send the next task before this one is answered (so this worker never waits for the
// pool's thread between two): tasks run one after another, in the order they came, never together,
// so a worker holds one hash's memory at a time, and answers come back in that order.
/** @type {Promise<void>} */
let previous = Promise.resolve();
link.onTask((task) => {
  previous = previous
    .then(() => run(task))
    .then(
      (value) => link.send({ ok: true, value }),
      (error) => link.send({ ok: false, message: error instanceof Error ? error.message : String(error) }),
    )
    .then(() => link.afterTask());
});
