import { createArgon2idHasherFromEngine, cryptoRandom, type PasswordHasher, type Random } from '@gatehousejs/core/ports';
import type { Argon2idParameters } from '@gatehousejs/core';
import { ARGON2ID, VERSION_0X13 } from './native-constants.js';

type NodeRsArgon2 = typeof import('@node-rs/argon2');
let loading: Promise<NodeRsArgon2> | undefined;
// Loaded on first use, not with this package: on a platform without its binary, the rest of the
// package (the hash-wasm pool) still works.
const nodeRsArgon2 = (): Promise<NodeRsArgon2> => (loading ??= import('@node-rs/argon2'));

/**
 * Resolves when native Argon2id (`@node-rs/argon2`) loads on this platform; rejects with the
 * loader's error otherwise. The native hashers load it lazily, so call this at start-up to choose
 * a hash-wasm pool instead where it cannot load.
 *
 * @example
 * const hasher = await checkNativeArgon2id().then(
 *   () => createNativeArgon2idWorkerPool(config.argon2),
 *   () => createArgon2idWorkerPool(config.argon2),
 * );
 */
export async function checkNativeArgon2id(): Promise<void> {
  await nodeRsArgon2();
}

/**
 * Argon2id in native code (`@node-rs/argon2`, Rust): several times faster than the WebAssembly
 * hasher and computed on libuv's thread pool (four threads unless `UV_THREADPOOL_SIZE` says
 * otherwise; `createAuth`'s default cap of 4 matches), so it never blocks the event loop. It writes
 * the same PHC strings as core's `createArgon2idHasher`, and each verifies the other's, so an app can
 * switch either way without touching stored hashes.
 *
 * @example
 * import { createNativeArgon2idHasher } from '@gatehousejs/hasher';
 * const auth = createAuth({ config, store, mailer, hasher: createNativeArgon2idHasher(config.argon2) });
 */
export function createNativeArgon2idHasher(params: Argon2idParameters, random: Random = cryptoRandom): PasswordHasher {
  return createArgon2idHasherFromEngine(
    {
      async hash(password, salt, current, hashLength) {
        const { hash } = await nodeRsArgon2();
        return hash(password, {
          algorithm: ARGON2ID,
          version: VERSION_0X13,
          memoryCost: current.memoryCost,
          timeCost: current.timeCost,
          parallelism: current.parallelism,
          outputLen: hashLength,
          salt,
        });
      },
      async verify(phcHash, password) {
        const { verify } = await nodeRsArgon2();
        try {
          return await verify(phcHash, password);
        } catch {
          return false;
        }
      },
    },
    params,
    random,
  );
}
