import { availableParallelism } from 'node:os';
import {
  AuthError,
  createArgon2idHasher,
  cryptoRandom,
  readArgon2idParameters,
  type Argon2idParameters,
  type PasswordHasher,
  type Random,
} from '@gatehouse/core';
import type { Argon2idTask } from './argon2id-task.js';
import { createWorkerPool } from './worker-pool.js';

/** The hash-wasm Argon2id hasher on worker threads. It is a `PasswordHasher`, plus its size and `close()`. */
export interface Argon2idWorkerPool extends PasswordHasher {
  /** How many hashes run at once: the number of worker threads at most. */
  readonly size: number;
  /** Refuses new hashes, lets the accepted ones finish, then stops the threads. Call it on shutdown. */
  close(): Promise<void>;
}

export interface Argon2idWorkerPoolOptions {
  /** Worker threads at most; defaults to `os.availableParallelism()`. Threads start on first use. */
  size?: number;
  /** Source of the salts, drawn on the calling thread (tests pass a seeded one). */
  random?: Random;
}

const SALT_BYTES = 16;
const MAX_SIZE = 256;
const WORKER_URL = new URL('./argon2id-worker.js', import.meta.url);

function poolSize(size: number | undefined): number {
  const value = size ?? availableParallelism();
  if (!Number.isInteger(value) || value < 1 || value > MAX_SIZE) {
    const message = `must be a whole number from 1 to ${MAX_SIZE}`;
    throw new AuthError('INVALID_CONFIG', `Invalid hasher pool setting: size ${message}.`, [{ path: 'size', message }]);
  }
  return value;
}

/**
 * The Argon2id hasher of `@gatehouse/core` (hash-wasm, the same PHC strings) computed on a pool of
 * worker threads, so a login never stalls the event loop: other requests, token checks included,
 * keep being served while passwords are hashed. Hashes beyond `size` wait in a FIFO queue; put
 * core's concurrency cap in front of the pool (with `maxConcurrent` = `size`) to bound that queue.
 *
 * @example
 * import { createArgon2idWorkerPool } from '@gatehouse/hasher-pool';
 * const hasher = createArgon2idWorkerPool(config.argon2);
 * const auth = createAuth({ config, store, mailer, hasher });
 * // on shutdown, after the HTTP server stopped:
 * await hasher.close();
 */
export function createArgon2idWorkerPool(params: Argon2idParameters, options: Argon2idWorkerPoolOptions = {}): Argon2idWorkerPool {
  const current = Object.freeze({ memoryCost: params.memoryCost, timeCost: params.timeCost, parallelism: params.parallelism });
  const random = options.random ?? cryptoRandom;
  const pool = createWorkerPool<Argon2idTask, string | boolean>(WORKER_URL, poolSize(options.size));
  // The rehash policy is core's; it only reads the PHC string, so it stays on this thread.
  const policy = createArgon2idHasher(current);

  return {
    size: pool.size,
    async hash(password) {
      return (await pool.run({ op: 'hash', password, salt: random.bytes(SALT_BYTES), params: current })) as string;
    },
    async verify(phcHash, password) {
      // Not worth a thread hop: a string that is no Argon2id PHC string cannot match.
      if (!readArgon2idParameters(phcHash)) return false;
      return (await pool.run({ op: 'verify', password, phcHash })) as boolean;
    },
    needsRehash: (phcHash) => policy.needsRehash(phcHash),
    close: () => pool.close(),
  };
}
