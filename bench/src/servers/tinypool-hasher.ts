// The comparison for docs/performance.md: the hasher package's engines on tinypool 2.2 instead of
// our worker pool, built through the same core wrapper, so only the pool differs.
import { availableParallelism } from 'node:os';
import { createArgon2idHasherFromEngine, type PasswordHasher } from '@gatehousejs/core/ports';
import type { Argon2idParameters } from '@gatehousejs/core';
import Tinypool from 'tinypool';
import type { TinypoolTask } from './tinypool-worker.js';

export type TinypoolEngine = 'hash-wasm' | 'native';

/** The engine modules of `@gatehousejs/hasher`, which sit next to its entry point. */
const engineUrl = (engine: TinypoolEngine) =>
  new URL(engine === 'hash-wasm' ? './hash-wasm-engine.js' : './native-engine.js', import.meta.resolve('@gatehousejs/hasher')).href;

export interface TinypoolHasher extends PasswordHasher {
  readonly size: number;
  readonly capacity: number;
  close(): Promise<void>;
}

/**
 * hash-wasm on child processes or native on threads, as our pool runs them, with what our pool does
 * besides: the workers lower their priority (nice 10) and a process collects each hash's memory.
 */
export function createTinypoolHasher(params: Argon2idParameters, engine: TinypoolEngine, threadNice = 10): TinypoolHasher {
  const size = availableParallelism();
  const runtime = engine === 'hash-wasm' ? 'child_process' : 'worker_threads';
  const pool = new Tinypool({
    filename: new URL('./tinypool-worker.js', import.meta.url).href,
    runtime,
    minThreads: size,
    maxThreads: size,
    // No idle shutdown during a run.
    idleTimeout: 60_000,
    ...(runtime === 'child_process' ? { execArgv: ['--expose-gc'], serialization: 'advanced' as const } : {}),
  });
  const href = engineUrl(engine);
  const run = (task: TinypoolTask) => pool.run(task);
  const hasher = createArgon2idHasherFromEngine(
    {
      hash: async (password, salt, current, hashLength) =>
        (await run({ engine: href, nice: threadNice, op: 'hash', password, salt, params: current, hashLength })) as string,
      verify: async (phcHash, password) => (await run({ engine: href, nice: threadNice, op: 'verify', password, phcHash })) as boolean,
    },
    params,
  );
  // The same cap as our pool's capacity, so both get as many hashes at once.
  return { ...hasher, size, capacity: 2 * size, close: () => pool.destroy() };
}
