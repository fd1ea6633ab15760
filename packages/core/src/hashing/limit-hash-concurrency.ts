import { AuthError } from '../errors/auth-error.js';
import type { PasswordHasher } from '../ports/password-hasher.js';

export interface HashConcurrencyLimits {
  /** Hashes computed at once. Argon2id holds `memoryCost` KiB for each. */
  maxConcurrent: number;
  /** Hashes allowed to wait for a slot; the next one is refused with `SERVICE_BUSY` (503). */
  maxQueued: number;
}

/** A `PasswordHasher` whose hashes in flight are capped, and which says when none is left. */
export interface LimitedHasher extends PasswordHasher {
  /** Resolves once no hash runs or waits (at once when none does): shutdown drains them with it. */
  idle(): Promise<void>;
}

interface Gate {
  slot<T>(work: () => Promise<T>): Promise<T>;
  idle(): Promise<void>;
}

/** Runs work in at most `maxConcurrent` slots, with at most `maxQueued` waiting; refuses the rest. */
function createGate(limits: HashConcurrencyLimits): Gate {
  let running = 0;
  const waiting: Array<() => void> = [];
  let whenIdle: Array<() => void> = [];
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
      if (running === 0) {
        for (const resolve of whenIdle) resolve();
        whenIdle = [];
      }
    }
  }
  return {
    slot,
    idle: () => (running === 0 ? Promise.resolve() : new Promise<void>((resolve) => whenIdle.push(resolve))),
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
export function limitHashConcurrency(inner: PasswordHasher, limits: HashConcurrencyLimits): LimitedHasher {
  const gate = createGate(limits);
  return {
    hash: (password) => gate.slot(() => inner.hash(password)),
    verify: (phcHash, password) => gate.slot(() => inner.verify(phcHash, password)),
    needsRehash: (phcHash) => inner.needsRehash(phcHash),
    idle: gate.idle,
  };
}
