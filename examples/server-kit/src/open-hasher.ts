import type { Argon2idParameters, PasswordHasher } from '@gatehouse/core';
import { createArgon2idWorkerPool } from '@gatehouse/hasher-pool';
import { describeError, type Logger } from './logger.js';

/** The password hasher of the example server, what it is, and how to stop it on shutdown. */
export interface HasherSetup {
  hasher: PasswordHasher;
  kind: 'native' | 'hash-wasm';
  /** Workers, so hashes computed at once: the concurrency cap's `maxConcurrent`. */
  threads: number;
  close(): Promise<void>;
}

type NativeHasherModule = typeof import('@gatehouse/hasher-native');

export interface OpenHasherOptions {
  /** Loads the optional native hasher; tests replace it to take the fallback path. */
  loadNative?: () => Promise<NativeHasherModule>;
  /** Worker threads; defaults to `os.availableParallelism()`. */
  poolSize?: number;
}

/**
 * Argon2id on a pool of workers either way, so hashing never runs on the event loop: native
 * Argon2id (`@gatehouse/hasher-native`, about five times faster) on worker threads when it is
 * installed and its binary loads on this platform, otherwise hash-wasm on worker processes (on
 * threads it would not scale; see docs/performance.md). Both write and read the same PHC strings,
 * so switching keeps every stored hash valid. Logs which one it chose.
 */
export async function openHasher(params: Argon2idParameters, log: Logger, options: OpenHasherOptions = {}): Promise<HasherSetup> {
  const loadNative = options.loadNative ?? (() => import('@gatehouse/hasher-native'));
  const size = options.poolSize === undefined ? {} : { size: options.poolSize };
  try {
    const { createNativeArgon2idWorkerPool } = await loadNative();
    const pool = createNativeArgon2idWorkerPool(params, size);
    log.info(`password hasher: native Argon2id (@gatehouse/hasher-native) on up to ${pool.size} worker threads`, {
      hasher: 'native',
      threads: pool.size,
      ...params,
    });
    return { hasher: pool, kind: 'native', threads: pool.size, close: () => pool.close() };
  } catch (error) {
    const pool = createArgon2idWorkerPool(params, size);
    log.info(`password hasher: hash-wasm Argon2id on up to ${pool.size} worker processes (native hasher unavailable)`, {
      hasher: 'hash-wasm',
      threads: pool.size,
      ...params,
      reason: describeError(error).errorMessage ?? 'not installed',
    });
    return { hasher: pool, kind: 'hash-wasm', threads: pool.size, close: () => pool.close() };
  }
}
