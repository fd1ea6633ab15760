import type { Argon2idParameters } from '@gatehouse/core';

/** What the pool asks a worker to compute. The salt is drawn on the main thread from the pool's `Random`. */
export type Argon2idTask =
  | { op: 'hash'; password: string; salt: Uint8Array; params: Argon2idParameters }
  | { op: 'verify'; password: string; phcHash: string };

/** A worker's answer: the PHC string or the verdict, or the message of the error it hit. */
export type WorkerReply<T> = { ok: true; value: T } | { ok: false; message: string };
