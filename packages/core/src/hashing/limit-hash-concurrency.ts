import { AuthError } from '../errors/auth-error.js';
import type { PasswordHasher } from '../ports/password-hasher.js';

export interface HashConcurrencyLimits {
  /** Hashes computed at once. Argon2id holds `memoryCost` KiB for each. */
  maxConcurrent: number;
  /** Hashes allowed to wait for a slot; the next one is refused with `SERVICE_BUSY` (503). */
  maxQueued: number;
}

/** Runs work in at most `maxConcurrent` slots, with at most `maxQueued` waiting; refuses the rest. */
function createGate(limits: HashConcurrencyLimits): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limits.maxConcurrent) {
      if (waiting.length >= limits.maxQueued) {
        throw new AuthError('SERVICE_BUSY');
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running++;
    }
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next waiter, so `running` never drops below the queue's need.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * Caps the hashes in flight, because Argon2id is memory-hard on purpose (about 19 MiB each with the
 * spec's parameters): a login flood must queue briefly, then be refused, not exhaust memory.
 * `needsRehash` is cheap and not counted.
 *
 * @example
 * const hasher = limitHashConcurrency(createArgon2idHasher(params), { maxConcurrent: 4, maxQueued: 64 });
 */
export function limitHashConcurrency(inner: PasswordHasher, limits: HashConcurrencyLimits): PasswordHasher {
  const hashSlot = createGate(limits);
  return {
    hash: (password) => hashSlot(() => inner.hash(password)),
    verify: (phcHash, password) => hashSlot(() => inner.verify(phcHash, password)),
    needsRehash: (phcHash) => inner.needsRehash(phcHash),
  };
}
