import type { PasswordHasher } from '../ports/password-hasher.js';
import { cryptoRandom, type Random } from '../ports/random.js';
import {
  ARGON2ID_HASH_BYTES,
  ARGON2ID_SALT_BYTES,
  argon2idNeedsRehash,
  readArgon2idParameters,
  type Argon2idParameters,
} from './argon2id-phc.js';

/**
 * What computes Argon2id: hash-wasm on the calling thread (core's default), `@node-rs/argon2`, or a
 * pool of workers running either (`@gatehousejs/hasher`). Salts, the digest length, the PHC format
 * checks and the rehash policy are not the engine's business: `createArgon2idHasherFromEngine` adds them.
 */
export interface Argon2idEngine {
  /** The Argon2id PHC string of `password` with this salt, these parameters and a digest of `hashLength` bytes. */
  hash(password: string, salt: Uint8Array, params: Argon2idParameters, hashLength: number): string | Promise<string>;
  /**
   * Whether `password` matches. False, never a throw, for a string the engine cannot read; a throw
   * (or rejection) only when the engine itself failed, so that is never mistaken for a wrong password.
   */
  verify(phcHash: string, password: string): boolean | Promise<boolean>;
}

/**
 * A `PasswordHasher` from an Argon2id engine: salts drawn from `random`, Gatehouse's digest length,
 * only Argon2id PHC strings verified (anything else is `false` without asking the engine), and the
 * one rehash policy. Every Gatehouse hasher is built this way, so they all write the same strings.
 *
 * @example
 * const hasher = createArgon2idHasherFromEngine(myEngine, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
 */
export function createArgon2idHasherFromEngine(
  engine: Argon2idEngine,
  params: Argon2idParameters,
  random: Random = cryptoRandom,
): PasswordHasher {
  const current: Argon2idParameters = Object.freeze({
    memoryCost: params.memoryCost,
    timeCost: params.timeCost,
    parallelism: params.parallelism,
  });
  return {
    async hash(password) {
      return engine.hash(password, random.bytes(ARGON2ID_SALT_BYTES), current, ARGON2ID_HASH_BYTES);
    },
    async verify(phcHash, password) {
      // Also spares a pool a hop to its worker: a string that is no Argon2id PHC string cannot match.
      if (!readArgon2idParameters(phcHash)) return false;
      return engine.verify(phcHash, password);
    },
    needsRehash: (phcHash) => argon2idNeedsRehash(phcHash, current),
  };
}
