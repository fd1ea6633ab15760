import type { Argon2idParameters } from '@gatehouse/core';
import { createArgon2idWorkerPool, type Argon2idWorkerPool, type Argon2idWorkerPoolOptions } from '@gatehouse/hasher-pool';

const NATIVE_ENGINE = new URL('./native-engine.js', import.meta.url);

/**
 * Native Argon2id (`@node-rs/argon2`) on a pool of worker threads, one hash per thread, `size`
 * threads (default `os.availableParallelism()`), each at a lower scheduling priority on Linux. The
 * same speed as `createNativeArgon2idHasher`, but the hashing threads are the pool's own rather than
 * libuv's shared ones: they yield the CPU to the event loop, so a login storm barely delays other
 * requests, and they leave libuv's threads to file and DNS work. Writes the same PHC strings as
 * core's hasher. This is what the example server uses.
 *
 * @example
 * import { createNativeArgon2idWorkerPool } from '@gatehouse/hasher-native';
 * const hasher = createNativeArgon2idWorkerPool(config.argon2);
 * const auth = createAuth({ config: { ...config, hashing: { maxConcurrent: hasher.size } }, store, mailer, hasher });
 * // on shutdown: await hasher.close();
 */
export function createNativeArgon2idWorkerPool(
  params: Argon2idParameters,
  options: Omit<Argon2idWorkerPoolOptions, 'engine'> = {},
): Argon2idWorkerPool {
  return createArgon2idWorkerPool(params, { ...options, engine: NATIVE_ENGINE });
}
