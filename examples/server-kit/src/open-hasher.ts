import type { Argon2idParameters } from '@gatehousejs/core';
import type { PasswordHasher } from '@gatehousejs/core/ports';
import { checkNativeArgon2id, createArgon2idWorkerPool, createNativeArgon2idWorkerPool } from '@gatehousejs/hasher';
import { describeError, type Logger } from './logger.js';

/** The password hasher of the example server, what it is, and how to stop it on shutdown. */
export interface HasherSetup {
  /** A worker pool: `createAuth` caps the hashes in flight at its `capacity` unless HASH_MAX_CONCURRENT is set. */
  hasher: PasswordHasher;
  kind: 'native' | 'hash-wasm';
  /** Workers, so hashes computed at once. */
  threads: number;
  close(): Promise<void>;
}

export interface OpenHasherOptions {
  /** Resolves when native Argon2id loads here; tests replace it to take the fallback path. */
  checkNative?: () => Promise<void>;
  /** Workers; defaults to `os.availableParallelism()`. */
  poolSize?: number;
}

/**
 * Argon2id on a pool of workers either way, so hashing never runs on the event loop: native
 * Argon2id (several times faster) on worker threads when its binary loads on this platform,
 * otherwise hash-wasm on worker processes (on threads it would not scale; see docs/performance.md).
 * Both write and read the same PHC strings, so switching keeps every stored hash valid. Logs which
 * one it chose.
 */
export async function openHasher(params: Argon2idParameters, log: Logger, options: OpenHasherOptions = {}): Promise<HasherSetup> {
  const checkNative = options.checkNative ?? checkNativeArgon2id;
  const size = options.poolSize === undefined ? {} : { size: options.poolSize };
  try {
    await checkNative();
  } catch (error) {
    const pool = createArgon2idWorkerPool(params, size);
    log.info(`password hasher: hash-wasm Argon2id on up to ${pool.size} worker processes (native Argon2id unavailable)`, {
      hasher: 'hash-wasm',
      threads: pool.size,
      capacity: pool.capacity,
      ...params,
      reason: describeError(error).errorMessage ?? 'not installed',
    });
    return { hasher: pool, kind: 'hash-wasm', threads: pool.size, close: () => pool.close() };
  }
  const pool = createNativeArgon2idWorkerPool(params, size);
  log.info(`password hasher: native Argon2id on up to ${pool.size} worker threads`, {
    hasher: 'native',
    threads: pool.size,
    capacity: pool.capacity,
    ...params,
  });
  return { hasher: pool, kind: 'native', threads: pool.size, close: () => pool.close() };
}
