import type { Argon2idParameters, PasswordHasher } from '@gatehouse/core';
import { createArgon2idWorkerPool } from '@gatehouse/hasher-pool';
import { describeError, type Logger } from './logger.js';

/** The password hasher of the example server, what it is, and how to stop it on shutdown. */
export interface HasherSetup {
  hasher: PasswordHasher;
  kind: 'native' | 'worker-pool';
  close(): Promise<void>;
}

type NativeHasherModule = typeof import('@gatehouse/hasher-native');

export interface OpenHasherOptions {
  /** Loads the optional native hasher; tests replace it to take the fallback path. */
  loadNative?: () => Promise<NativeHasherModule>;
  /** Worker threads of the fallback pool; defaults to `os.availableParallelism()`. */
  poolSize?: number;
}

/**
 * Argon2id off the event loop either way: the native hasher (`@gatehouse/hasher-native`, about five
 * times faster) when it is installed and its binary loads on this platform, otherwise hash-wasm on
 * a pool of worker threads. Both write and read the same PHC strings, so switching keeps every
 * stored hash valid. Logs which one it chose.
 */
export async function openHasher(params: Argon2idParameters, log: Logger, options: OpenHasherOptions = {}): Promise<HasherSetup> {
  const loadNative = options.loadNative ?? (() => import('@gatehouse/hasher-native'));
  try {
    const { createNativeArgon2idHasher } = await loadNative();
    log.info('password hasher: native Argon2id (@gatehouse/hasher-native)', { hasher: 'native', ...params });
    return { hasher: createNativeArgon2idHasher(params), kind: 'native', close: async () => {} };
  } catch (error) {
    const pool = createArgon2idWorkerPool(params, options.poolSize === undefined ? {} : { size: options.poolSize });
    log.info(`password hasher: hash-wasm Argon2id on up to ${pool.size} worker threads (native hasher unavailable)`, {
      hasher: 'worker-pool',
      threads: pool.size,
      ...params,
      reason: describeError(error).errorMessage ?? 'not installed',
    });
    return { hasher: pool, kind: 'worker-pool', close: () => pool.close() };
  }
}
