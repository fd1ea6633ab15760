import { AuthError } from '../errors/auth-error.js';
import type { PasswordHasher } from '../ports/password-hasher.js';

export interface HashConcurrencyLimits {
  /** Hashes computed at once. Argon2id holds `memoryCost` KiB for each. */
  maxConcurrent: number;
  /** Hashes allowed to wait for a slot; the next one is refused with `SERVICE_BUSY` (503). */
  maxQueued: number;
}

/**
 * Caps the hashes in flight, because Argon2id is memory-hard on purpose (about 19 MiB each with the
 * spec's parameters): a login flood must queue briefly, then be refused, not exhaust memory.
 * A hasher's password strength estimate, if it has one, is counted like a hash; `needsRehash` is
 * cheap and not counted.
 *
 * @example
 * const hasher = limitHashConcurrency(createArgon2idHasher(params), { maxConcurrent: 4, maxQueued: 64 });
 */
export function limitHashConcurrency(inner: PasswordHasher, limits: HashConcurrencyLimits): PasswordHasher {
  let running = 0;
  const waiting: Array<() => void> = [];

  async function slot<T>(work: () => Promise<T>): Promise<T> {
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
  }

  const limited: PasswordHasher = {
    hash: (password) => slot(() => inner.hash(password)),
    verify: (phcHash, password) => slot(() => inner.verify(phcHash, password)),
    needsRehash: (phcHash) => inner.needsRehash(phcHash),
  };
  // A strength estimate takes a worker of the pool as a hash does, so it waits for the same slots:
  // a burst of registrations queues, then is refused, instead of piling up in the pool's queue.
  const estimate = inner.estimatePasswordStrength?.bind(inner);
  if (estimate) limited.estimatePasswordStrength = (password, userInputs) => slot(() => estimate(password, userInputs));
  return limited;
}
