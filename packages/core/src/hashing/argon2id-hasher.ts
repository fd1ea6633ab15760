import { argon2id, argon2Verify } from 'hash-wasm';
import type { PasswordHasher } from '../ports/password-hasher.js';
import type { Random } from '../ports/random.js';
import { cryptoRandom } from '../ports/random.js';

export interface Argon2idParameters {
  /** KiB of memory per hash (spec default 19456). */
  memoryCost: number;
  /** Iterations (spec default 2). */
  timeCost: number;
  /** Lanes (spec default 1). */
  parallelism: number;
}

const SALT_BYTES = 16;
const HASH_BYTES = 32;
// $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>
const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

/** Reads the parameters out of an Argon2id PHC string, or undefined if it is not one. */
export function readArgon2idParameters(phcHash: string): Argon2idParameters | undefined {
  const match = PHC.exec(phcHash);
  if (!match) return undefined;
  return { memoryCost: Number(match[1]), timeCost: Number(match[2]), parallelism: Number(match[3]) };
}

/**
 * Argon2id in WebAssembly (hash-wasm), PHC strings in and out. It computes on the calling thread;
 * a pooled or native hasher can replace it behind the same `PasswordHasher` port.
 *
 * @example
 * const hasher = createArgon2idHasher({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
 * const phc = await hasher.hash('correct horse battery staple');
 */
export function createArgon2idHasher(params: Argon2idParameters, random: Random = cryptoRandom): PasswordHasher {
  const current = Object.freeze({ ...params });
  return {
    hash(password) {
      return argon2id({
        password,
        salt: random.bytes(SALT_BYTES),
        iterations: current.timeCost,
        memorySize: current.memoryCost,
        parallelism: current.parallelism,
        hashLength: HASH_BYTES,
        outputType: 'encoded',
      });
    },

    async verify(phcHash, password) {
      if (!readArgon2idParameters(phcHash)) return false;
      try {
        return await argon2Verify({ password, hash: phcHash });
      } catch {
        return false;
      }
    },

    needsRehash(phcHash) {
      const stored = readArgon2idParameters(phcHash);
      if (!stored) return true;
      return (
        stored.memoryCost < current.memoryCost ||
        stored.timeCost < current.timeCost ||
        stored.parallelism !== current.parallelism
      );
    },
  };
}
