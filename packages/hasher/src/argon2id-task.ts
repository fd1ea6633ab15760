import type { Argon2idParameters } from '@gatehousejs/core';

/**
 * What the pool asks a worker to compute. The salt is drawn on the main thread from the pool's
 * `Random`, and the digest length comes from core, so every engine writes the same PHC strings.
 */
export type Argon2idTask =
  | { op: 'hash'; password: string; salt: Uint8Array; params: Argon2idParameters; hashLength: number }
  | { op: 'verify'; password: string; phcHash: string };

/** A worker's answer: the PHC string or the verdict, or the message of the error it hit. */
export type WorkerReply<T> = { ok: true; value: T } | { ok: false; message: string };

/** The `workerData` of a pool worker. */
export interface PoolWorkerData {
  /**
   * `file:` URL of the engine module: a module exporting `hash` and `verify` as core's
   * `Argon2idEngine` describes them. It runs on the worker, so it computes there (synchronously or
   * in WebAssembly) rather than handing the work on to another pool.
   */
  engine: string;
  /** Nice value for the worker thread (Linux), 0 to leave it as is. */
  nice: number;
}
