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
import type { Argon2idTask, PoolWorkerData } from './argon2id-task.js';
import type { PoolIsolation } from './pool-member.js';
import { createWorkerPool } from './worker-pool.js';

/** Argon2id on worker threads. It is a `PasswordHasher`, plus its size and `close()`. */
export interface Argon2idWorkerPool extends PasswordHasher {
  /**
   * How many hashes run at once: the number of workers at most. Each worker also holds the next
   * hash while it computes one, so up to twice as many can be handed to the pool usefully: a
   * concurrency cap (`hashing.maxConcurrent`) of `2 * size` keeps every worker busy.
   */
  readonly size: number;
  /** Refuses new hashes, lets the accepted ones finish, then stops the workers. Call it on shutdown. */
  close(): Promise<void>;
}

export interface Argon2idWorkerPoolOptions {
  /** Workers at most; defaults to `os.availableParallelism()`. Workers start on first use. */
  size?: number;
  /** Source of the salts, drawn on the calling thread (tests pass a seeded one). */
  random?: Random;
  /**
   * Nice value of the hashing threads on Linux, 0 (normal) to 19 (lowest); default 10. Hashing then
   * yields the CPU to the event-loop thread, so a login storm barely delays other requests, and
   * still gets all the CPU that nothing else wants. Ignored elsewhere.
   */
  threadNice?: number;
  /**
   * `file:` URL of the Argon2id engine module the threads load (see `Argon2idEngine`); defaults to
   * hash-wasm. `@gatehouse/hasher-native` passes its native engine here.
   */
  engine?: URL;
  /**
   * Whether the workers are threads of this process or child processes. Default: `'process'` for
   * the hash-wasm engine, which maps fresh WebAssembly memory for every hash and so computes less
   * on two threads of one process than on one (the kernel flushes the other cores' TLBs at each
   * first write); `'thread'` for any other engine, such as the native one, which scales on threads.
   */
  isolation?: PoolIsolation;
}

const SALT_BYTES = 16;
const MAX_SIZE = 256;
const DEFAULT_THREAD_NICE = 10;
const POOL_WORKER = new URL('./pool-worker.js', import.meta.url);
/**
 * Hashes a worker holds: the one it computes and the next, which it starts without waiting for the
 * event loop to read its answer and send another (a wait of up to a few milliseconds during a login
 * storm, against a hash of 5 to 100). Only one is ever computed at a time, so memory is unchanged.
 */
const TASKS_PER_WORKER = 2;
const HASH_WASM_ENGINE = new URL('./hash-wasm-engine.js', import.meta.url);

function setting(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    const message = `must be a whole number from ${min} to ${max}`;
    throw new AuthError('INVALID_CONFIG', `Invalid hasher pool setting: ${name} ${message}.`, [{ path: name, message }]);
  }
  return value;
}

/**
 * Argon2id computed on a pool of workers, so a login never stalls the event loop: other requests,
 * token checks included, keep being served while passwords are hashed. By default the workers are
 * child processes running core's hash-wasm Argon2id (see `isolation` for why not threads), and
 * write the same PHC strings as `createArgon2idHasher`.
 * Hashes beyond `size` wait in a FIFO queue; put core's concurrency cap in front of the pool (with
 * `maxConcurrent` = `size`) to bound that queue.
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
  const size = setting('size', options.size ?? availableParallelism(), 1, MAX_SIZE);
  const workerData: PoolWorkerData = {
    engine: (options.engine ?? HASH_WASM_ENGINE).href,
    nice: setting('threadNice', options.threadNice ?? DEFAULT_THREAD_NICE, 0, 19),
  };
  const isolation = options.isolation ?? (options.engine === undefined ? 'process' : 'thread');
  const pool = createWorkerPool<Argon2idTask, string | boolean>(POOL_WORKER, size, workerData, isolation, TASKS_PER_WORKER);
  // The rehash policy is core's; it only reads the PHC string, so it stays on this thread.
  const policy = createArgon2idHasher(current);

  return {
    size,
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
