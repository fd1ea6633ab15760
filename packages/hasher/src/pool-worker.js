// The script every pool worker (a thread or a process) runs: lower its own scheduling priority, load
// the Argon2id engine it was given, then compute one task at a time. Plain JavaScript on purpose:
// Node starts it as is, from src/ under the tests and from dist/ in production, with no TypeScript
// loader; `checkJs` type-checks it through the JSDoc below.
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThreadPriority } from './thread-priority.js';

/** @typedef {import('./argon2id-task.js').Argon2idTask} Argon2idTask */
/** @typedef {import('@gatehousejs/core/ports').Argon2idEngine} Argon2idEngine */
/** @typedef {import('./argon2id-task.js').PoolWorkerData} PoolWorkerData */

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
  // time that the next hash would have spent on the same collection later (docs/performance.md).
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
 * @param {Argon2idTask} task
 * @returns {Promise<string | boolean>}
 */
async function run(task) {
  return task.op === 'hash'
    ? engine.hash(task.password, task.salt, task.params, task.hashLength)
    : engine.verify(task.phcHash, task.password);
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
