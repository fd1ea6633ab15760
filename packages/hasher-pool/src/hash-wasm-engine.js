// The default engine of the pool: core's Argon2id in WebAssembly (hash-wasm), on the worker thread.
import { argon2id, argon2Verify } from 'hash-wasm';

// The digest length of core's hasher (`createArgon2idHasher`), so both write the same PHC strings.
const HASH_BYTES = 32;

/** @type {import('./argon2id-task.js').Argon2idEngine['hash']} */
export function hash(password, salt, params) {
  return argon2id({
    password,
    salt,
    iterations: params.timeCost,
    memorySize: params.memoryCost,
    parallelism: params.parallelism,
    hashLength: HASH_BYTES,
    outputType: 'encoded',
  });
}

/** @type {import('./argon2id-task.js').Argon2idEngine['verify']} */
export async function verify(phcHash, password) {
  try {
    return await argon2Verify({ password, hash: phcHash });
  } catch {
    // As in core: a string that is not a hash this library understands is a failed verify.
    return false;
  }
}
