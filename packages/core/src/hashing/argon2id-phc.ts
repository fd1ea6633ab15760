/** Argon2id cost parameters, as written in a PHC string (`m=19456,t=2,p=1`). */
export interface Argon2idParameters {
  /** KiB of memory per hash (spec default 19456). */
  memoryCost: number;
  /** Iterations (spec default 2). */
  timeCost: number;
  /** Lanes (spec default 1). */
  parallelism: number;
}

/** The spec's Argon2id costs (CONTRACT §5): `createAuth`'s default `config.argon2`, and the worker pools'. */
export const DEFAULT_ARGON2ID_PARAMETERS: Readonly<Argon2idParameters> = Object.freeze({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });

/**
 * Salt and digest sizes of every Gatehouse Argon2id hash, whatever computes it (hash-wasm here,
 * native or pooled in `@gatehousejs/hasher`): one definition, so every engine writes the same PHC
 * strings and each verifies the others'.
 */
export const ARGON2ID_SALT_BYTES = 16;
export const ARGON2ID_HASH_BYTES = 32;

// $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>
const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

/**
 * Reads the parameters out of an Argon2id PHC string, or undefined if it is not one.
 *
 * @example
 * readArgon2idParameters('$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'); // { memoryCost: 19456, timeCost: 2, parallelism: 1 }
 */
export function readArgon2idParameters(phcHash: string): Argon2idParameters | undefined {
  const match = PHC.exec(phcHash);
  if (!match) return undefined;
  return { memoryCost: Number(match[1]), timeCost: Number(match[2]), parallelism: Number(match[3]) };
}

/**
 * The rehash policy: a hash needs rehashing when it is no Argon2id PHC string, or when it was made
 * with less memory or fewer iterations than `current`, or with other lanes. A stronger hash is kept.
 */
export function argon2idNeedsRehash(phcHash: string, current: Argon2idParameters): boolean {
  const stored = readArgon2idParameters(phcHash);
  if (!stored) return true;
  return stored.memoryCost < current.memoryCost || stored.timeCost < current.timeCost || stored.parallelism !== current.parallelism;
}
