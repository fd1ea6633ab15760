// A tinypool worker (a thread or a child process) running one of @gatehousejs/hasher's engines, with
// the two things our pool's worker does besides: a lower scheduling priority and, in a process, a
// collection after each task. Without them the comparison would measure those, not the pools.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { Argon2idEngine } from '@gatehousejs/core/ports';
import type { Argon2idParameters } from '@gatehousejs/core';

export type TinypoolTask = { engine: string; nice: number } & (
  | { op: 'hash'; password: string; salt: Uint8Array; params: Argon2idParameters; hashLength: number }
  | { op: 'verify'; password: string; phcHash: string }
);

let lowered = false;
function lowerPriority(nice: number): void {
  lowered = true;
  if (nice === 0 || process.platform !== 'linux') return;
  try {
    const [pid, , tid] = readlinkSync('/proc/thread-self').split('/');
    if (Number(pid) === process.pid && Number(tid) > 0) setPriority(Number(tid), nice);
  } catch {
    // run at the normal priority
  }
}

const collect = typeof globalThis.gc === 'function' ? globalThis.gc : () => {};

export default async function run(task: TinypoolTask): Promise<string | boolean> {
  if (!lowered) lowerPriority(task.nice);
  const engine = (await import(task.engine)) as Argon2idEngine;
  try {
    return task.op === 'hash'
      ? await engine.hash(task.password, task.salt, task.params, task.hashLength)
      : await engine.verify(task.phcHash, task.password);
  } finally {
    // After the answer is sent, as our pool does; in a thread gc is not exposed and this does nothing.
    setImmediate(collect);
  }
}
