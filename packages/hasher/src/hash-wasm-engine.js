// The default engine of the pool: Argon2id in WebAssembly (hash-wasm), as core's in-thread hasher
// computes it, here on a worker. The digest length comes with each task (core's one definition).
// hash-wasm's argon2-only bundle (its README's "individual algorithms"), not the whole package: the
// package's entry carries every algorithm's WebAssembly as base64, about 8 MB more at the peak of
// each worker process, which loads nothing else.
import { createRequire } from 'node:module';

/** @type {Pick<typeof import('hash-wasm'), 'argon2id' | 'argon2Verify'>} */
const { argon2id, argon2Verify } = createRequire(import.meta.url)('hash-wasm/dist/argon2.umd.min.js');

/** @type {import('@gatehousejs/core/ports').Argon2idEngine['hash']} */
export function hash(password, salt, params, hashLength) {
  return argon2id({
    password,
    salt,
    iterations: params.timeCost,
    memorySize: params.memoryCost,
    parallelism: params.parallelism,
    hashLength,
    outputType: 'encoded',
  });
}

/** @type {import('@gatehousejs/core/ports').Argon2idEngine['verify']} */
export async function verify(phcHash, password) {
  try {
    return await argon2Verify({ password, hash: phcHash });
  } catch {
    // As in core: a string that is not a hash this library understands is a failed verify.
    return false;
  }
}
