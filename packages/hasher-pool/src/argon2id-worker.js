// Plain JavaScript on purpose: Node starts it as is, from src/ under the tests and from dist/ in
// production, with no TypeScript loader. `checkJs` type-checks it through the JSDoc below.
import { parentPort } from 'node:worker_threads';
import { argon2id, argon2Verify } from 'hash-wasm';

/** @typedef {import('./argon2id-task.js').Argon2idTask} Argon2idTask */

// The digest length of core's hasher (`createArgon2idHasher`), so both write the same PHC strings.
const HASH_BYTES = 32;

/**
 * @param {Argon2idTask} task
 * @returns {Promise<string | boolean>}
 */
async function run(task) {
  if (task.op === 'hash') {
    return argon2id({
      password: task.password,
      salt: task.salt,
      iterations: task.params.timeCost,
      memorySize: task.params.memoryCost,
      parallelism: task.params.parallelism,
      hashLength: HASH_BYTES,
      outputType: 'encoded',
    });
  }
  try {
    return await argon2Verify({ password: task.password, hash: task.phcHash });
  } catch {
    // As in core: a string that is not a hash this library understands is a failed verify.
    return false;
  }
}

const port = parentPort;
if (!port) throw new Error('argon2id-worker.js only runs as a worker thread.');

// The pool sends one task at a time to each worker and waits for the reply before the next.
port.on('message', (/** @type {Argon2idTask} */ task) => {
  run(task).then(
    (value) => port.postMessage({ ok: true, value }),
    (error) => port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
});
