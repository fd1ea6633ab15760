import { DEFAULT_ARGON2ID_PARAMETERS } from '@gatehousejs/core/ports';
import type { Argon2idParameters } from '@gatehousejs/core';
import { createArgon2idWorkerPool, type Argon2idWorkerPool, type Argon2idWorkerPoolOptions } from './create-argon2id-worker-pool.js';

const NATIVE_ENGINE = new URL('./native-engine.js', import.meta.url);

/**
 * Native Argon2id (`@node-rs/argon2`, several times faster than hash-wasm: docs/performance.md) on a pool of worker
 * threads, one hash per thread, `size` threads (default `os.availableParallelism()`), each at a
 * lower scheduling priority on Linux. The same speed as `createNativeArgon2idHasher`, but the
 * hashing threads are the pool's own rather than libuv's shared ones: they yield the CPU to the
 * event loop, so a login storm barely delays other requests, and they leave libuv's threads to file
 * and DNS work. Writes the same PHC strings as core's hasher. This is what the example server uses.
 * Call `checkNativeArgon2id()` first where the native binary may be missing: the threads only load
 * it with the first hash.
 *
 * @example
 * import { createNativeArgon2idWorkerPool } from '@gatehousejs/hasher';
 * const hasher = createNativeArgon2idWorkerPool(config.argon2);
 * const auth = createAuth({ config, store, mailer, hasher }); // caps hashes in flight at hasher.capacity
 * // on shutdown, `auth.shutdown()` closes it once the hashes under way finished.
 */
export function createNativeArgon2idWorkerPool(
  params: Argon2idParameters = DEFAULT_ARGON2ID_PARAMETERS,
  options: Omit<Argon2idWorkerPoolOptions, 'engine'> = {},
): Argon2idWorkerPool {
  return createArgon2idWorkerPool(params, { ...options, engine: NATIVE_ENGINE });
}
