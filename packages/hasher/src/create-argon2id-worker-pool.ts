import { availableParallelism } from 'node:os';
import { AuthError, type Argon2idParameters } from '@gatehousejs/core';
import {
  createArgon2idHasherFromEngine,
  DEFAULT_ARGON2ID_PARAMETERS,
  type Argon2idEngine,
  type PasswordHasher,
  type Random,
} from '@gatehousejs/core/ports';
import { z } from 'zod';
import type { Argon2idTask, PoolWorkerData } from './argon2id-task.js';
import type { PoolIsolation } from './pool-member.js';
import { createWorkerPool } from './worker-pool.js';

/**
 * Argon2id on a pool of workers. It is a `PasswordHasher`, plus its size, its capacity and `close()`.
 */
export interface Argon2idWorkerPool extends PasswordHasher {
  /** Workers at most, so hashes computed at once. */
  readonly size: number;
  /**
   * Hashes worth handing to the pool at once: `2 × size`, because each worker holds the next hash
   * while it computes one (so it never waits for the event loop between two; only one is computed
   * at a time, so memory follows `size`, not `capacity`). `createAuth` takes this as its
   * concurrency cap unless `config.hashing.maxConcurrent` is set; more would only wait in the
   * pool's queue instead of core's bounded one.
   */
  readonly capacity: number;
  /** Resolves while the pool takes hashes; rejects once it is closed (`auth.checkReadiness()` asks it as `hasher`). */
  ping(): Promise<void>;
  /**
   * Refuses new hashes (`HASHER_UNAVAILABLE`), lets the accepted ones finish, then stops the
   * workers. Call it on shutdown, after the HTTP server stopped.
   */
  close(): Promise<void>;
}

export interface Argon2idWorkerPoolOptions {
  /** Workers at most, 1 to 256; defaults to `os.availableParallelism()`. Workers start on first use. */
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
   * `file:` URL of the engine module the workers load: a module exporting `hash` and `verify` as
   * core's `Argon2idEngine` describes them. Defaults to hash-wasm; `createNativeArgon2idWorkerPool`
   * passes the native one.
   */
  engine?: URL;
  /**
   * Whether the workers are threads of this process or child processes. Default: `'process'` for
   * the hash-wasm engine, which maps fresh WebAssembly memory for every hash and so computes less
   * on two threads of one process than on one (the kernel flushes the other cores' TLBs at each
   * first write); `'thread'` for any other engine, such as the native one, which scales on threads.
   */
  isolation?: PoolIsolation;
  /**
   * @deprecated Ignored. The pool used to estimate password strength (zxcvbn) on a thread of its
   * own; core now checks new passwords against a blocklist, which costs microseconds on the calling
   * thread, so there is nothing left to move off it.
   */
  estimateStrength?: boolean;
}

const MAX_SIZE = 256;
const POOL_WORKER = new URL('./pool-worker.js', import.meta.url);
const HASH_WASM_ENGINE = new URL('./hash-wasm-engine.js', import.meta.url);
/**
 * Hashes a worker holds: the one it computes and the next, which it starts without waiting for the
 * event loop to read its answer and send another (a wait of up to a few milliseconds during a login
 * storm, against a hash of 5 to 100). Only one is ever computed at a time, so memory is unchanged.
 */
const TASKS_PER_WORKER = 2;
const whole = (min: number, max: number) =>
  z
    .number()
    .int(`must be a whole number from ${min} to ${max}`)
    .min(min, `must be a whole number from ${min} to ${max}`)
    .max(max, `must be a whole number from ${min} to ${max}`);

const optionsSchema = z.object({
  size: whole(1, MAX_SIZE).optional(),
  threadNice: whole(0, 19).default(10),
  random: z.custom<Random>((value) => typeof (value as Random | undefined)?.bytes === 'function', 'must be a Random').optional(),
  engine: z.instanceof(URL, { message: 'must be a file: URL' }).optional(),
  isolation: z.enum(['thread', 'process']).optional(),
});

/** Options parsed once, eagerly: a wrong one throws `INVALID_CONFIG` naming it. */
function parseOptions(options: Argon2idWorkerPoolOptions) {
  const result = optionsSchema.safeParse(options);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const summary = details.map((d) => `${d.path} ${d.message}`).join('; ');
  throw new AuthError('INVALID_CONFIG', `Invalid hasher pool setting: ${summary}.`, details);
}

/**
 * Argon2id computed on a pool of workers, so a login never stalls the event loop: other requests,
 * token checks included, keep being served while passwords are hashed. By default the workers are
 * child processes running hash-wasm (see `isolation` for why not threads); every engine writes the
 * same PHC strings as core's `createArgon2idHasher`. `createAuth` caps the hashes in flight at the
 * pool's `capacity` and refuses more than `config.hashing.maxQueued` waiting (`SERVICE_BUSY`, 503).
 *
 * @example
 * import { createArgon2idWorkerPool } from '@gatehousejs/hasher';
 * const hasher = createArgon2idWorkerPool(config.argon2); // the spec's costs when left out
 * const auth = createAuth({ config, store, mailer, hasher });
 * // on shutdown, `auth.shutdown()` closes it once the hashes under way finished.
 */
export function createArgon2idWorkerPool(
  params: Argon2idParameters = DEFAULT_ARGON2ID_PARAMETERS,
  options: Argon2idWorkerPoolOptions = {},
): Argon2idWorkerPool {
  const parsed = parseOptions(options);
  const size = parsed.size ?? Math.min(availableParallelism(), MAX_SIZE);
  const workerData: PoolWorkerData = { engine: (parsed.engine ?? HASH_WASM_ENGINE).href, nice: parsed.threadNice };
  const isolation = parsed.isolation ?? (parsed.engine === undefined ? 'process' : 'thread');
  const pool = createWorkerPool<Argon2idTask, string | boolean>(POOL_WORKER, size, workerData, isolation, TASKS_PER_WORKER);
  // On this thread, the engine only hands the work to a worker; salts, format checks and the rehash
  // policy are core's, as for every Gatehouse hasher.
  const engine: Argon2idEngine = {
    hash: async (password, salt, hashParams, hashLength) =>
      (await pool.run({ op: 'hash', password, salt, params: hashParams, hashLength })) as string,
    verify: async (phcHash, password) => (await pool.run({ op: 'verify', password, phcHash })) as boolean,
  };
  const hasher = createArgon2idHasherFromEngine(engine, params, parsed.random);
  return {
    hash: hasher.hash,
    verify: hasher.verify,
    needsRehash: hasher.needsRehash,
    size,
    capacity: size * TASKS_PER_WORKER,
    ping: () => pool.ping(),
    close: () => pool.close(),
  };
}
