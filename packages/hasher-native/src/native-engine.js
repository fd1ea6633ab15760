// The native engine for `@gatehouse/hasher-pool`: @node-rs/argon2's synchronous calls, so the work
// runs on the pool's own (lower-priority) thread rather than on libuv's shared thread pool. Plain
// JavaScript so a worker thread can load it from src/ and dist/ alike; `checkJs` checks it.
import { hashSync, verifySync } from '@node-rs/argon2';

// `@node-rs/argon2` declares these as ambient const enums; their values are fixed by its API.
const ARGON2ID = /** @type {import('@node-rs/argon2').Algorithm} */ (2);
const VERSION_0X13 = /** @type {import('@node-rs/argon2').Version} */ (1);
// The digest length of core's hasher, so both write the same PHC strings.
const HASH_BYTES = 32;

/** @type {import('@gatehouse/hasher-pool').Argon2idEngine['hash']} */
export function hash(password, salt, params) {
  return hashSync(password, {
    algorithm: ARGON2ID,
    version: VERSION_0X13,
    memoryCost: params.memoryCost,
    timeCost: params.timeCost,
    parallelism: params.parallelism,
    outputLen: HASH_BYTES,
    salt,
  });
}

/** @type {import('@gatehouse/hasher-pool').Argon2idEngine['verify']} */
export function verify(phcHash, password) {
  try {
    return verifySync(phcHash, password);
  } catch {
    return false;
  }
}
