import {
  createArgon2idHasher,
  cryptoRandom,
  readArgon2idParameters,
  type Argon2idParameters,
  type PasswordHasher,
  type Random,
} from '@gatehouse/core';
import { hash, verify, type Algorithm, type Version } from '@node-rs/argon2';

// `@node-rs/argon2` declares these as ambient const enums, which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm;
const VERSION_0X13 = 1 as Version;
// The same salt and digest sizes as the hash-wasm hasher in core, so the PHC strings are alike.
const SALT_BYTES = 16;
const HASH_BYTES = 32;

/**
 * Argon2id in native code (`@node-rs/argon2`, Rust): about five times faster than the WebAssembly
 * hasher and computed on libuv's thread pool, so it never blocks the event loop. It writes the same
 * PHC strings as `createArgon2idHasher` from `@gatehouse/core`, and each verifies the other's, so
 * an app can switch either way without touching stored hashes.
 *
 * @example
 * import { createNativeArgon2idHasher } from '@gatehouse/hasher-native';
 * const auth = createAuth({ config, store, mailer, hasher: createNativeArgon2idHasher(config.argon2) });
 */
export function createNativeArgon2idHasher(params: Argon2idParameters, random: Random = cryptoRandom): PasswordHasher {
  const current = Object.freeze({ ...params });
  // The rehash policy is core's, not repeated here.
  const policy = createArgon2idHasher(current);
  return {
    hash(password) {
      return hash(password, {
        algorithm: ARGON2ID,
        version: VERSION_0X13,
        memoryCost: current.memoryCost,
        timeCost: current.timeCost,
        parallelism: current.parallelism,
        outputLen: HASH_BYTES,
        salt: random.bytes(SALT_BYTES),
      });
    },

    async verify(phcHash, password) {
      // Only Argon2id PHC strings: the native library would also accept argon2i/argon2d hashes.
      if (!readArgon2idParameters(phcHash)) return false;
      try {
        return await verify(phcHash, password);
      } catch {
        return false;
      }
    },

    needsRehash: (phcHash) => policy.needsRehash(phcHash),
  };
}
