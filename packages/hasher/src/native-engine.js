// The native engine of the pool: @node-rs/argon2's synchronous calls, so the work runs on the
// pool's own (lower-priority) thread rather than on libuv's shared thread pool. Plain JavaScript so
// a worker thread can load it from src/ and dist/ alike; `checkJs` checks it.
import { hashSync, verifySync } from '@node-rs/argon2';
import { ARGON2ID, VERSION_0X13 } from './native-constants.js';

/** @type {import('@gatehousejs/core/ports').Argon2idEngine['hash']} */
export function hash(password, salt, params, hashLength) {
  return hashSync(password, {
    algorithm: ARGON2ID,
    version: VERSION_0X13,
    memoryCost: params.memoryCost,
    timeCost: params.timeCost,
    parallelism: params.parallelism,
    outputLen: hashLength,
    salt,
  });
}

/** @type {import('@gatehousejs/core/ports').Argon2idEngine['verify']} */
export function verify(phcHash, password) {
  try {
    return verifySync(phcHash, password);
  } catch {
    return false;
  }
}
