import type { Argon2idParameters } from '@gatehouse/core';

/** What the pool asks a worker to compute. The salt is drawn on the main thread from the pool's `Random`. */
export type Argon2idTask =
  | { op: 'hash'; password: string; salt: Uint8Array; params: Argon2idParameters }
  | { op: 'verify'; password: string; phcHash: string };

/** A worker's answer: the PHC string or the verdict, or the message of the error it hit. */
export type WorkerReply<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * An Argon2id implementation a pool worker loads: a module exporting these two functions. It runs
 * on the worker thread, so it should compute there (synchronously or in WebAssembly), not hand the
 * work on to another pool. `hash` returns a PHC string with a 32-byte digest; `verify` returns
 * false, never throws, for a string it cannot read.
 */
export interface Argon2idEngine {
  hash(password: string, salt: Uint8Array, params: Argon2idParameters): string | Promise<string>;
  verify(phcHash: string, password: string): boolean | Promise<boolean>;
}

/** The `workerData` of a pool worker. */
export interface PoolWorkerData {
  /** `file:` URL of the engine module. */
  engine: string;
  /** Nice value for the worker thread (Linux), 0 to leave it as is. */
  nice: number;
}
