import type { WorkerReply } from './argon2id-task.js';
import { startPoolMember, type PoolIsolation, type PoolMember } from './pool-member.js';

/** A fixed-size set of workers (threads or processes) that each compute one task at a time, fed from one FIFO queue. */
export interface WorkerPool<Task, Result> {
  readonly size: number;
  /** Resolves with the worker's result; rejects with its error, or if the worker dies or the pool is closed. */
  run(task: Task): Promise<Result>;
  /** Refuses new tasks, lets every accepted task finish, then stops the workers. Idempotent. */
  close(): Promise<void>;
}

interface Job<Task, Result> {
  task: Task;
  resolve(value: Result): void;
  reject(error: Error): void;
}

interface Slot<Task, Result> {
  worker: PoolMember;
  job: Job<Task, Result> | undefined;
}

/**
 * Starts workers from `workerUrl` on demand, up to `size`, and keeps them for the next task. An idle
 * worker is unreferenced, so an idle pool never keeps the process alive; a busy one is referenced,
 * so a pending task is never cut short by the process exiting. A worker that dies fails its own
 * task only; the next task starts a fresh worker.
 */
export function createWorkerPool<Task, Result>(
  workerUrl: URL,
  size: number,
  workerData?: unknown,
  isolation: PoolIsolation = 'thread',
): WorkerPool<Task, Result> {
  const slots: Slot<Task, Result>[] = [];
  const queue: Job<Task, Result>[] = [];
  let closing: Promise<void> | undefined;
  let drained: (() => void) | undefined;

  function assign(slot: Slot<Task, Result>, job: Job<Task, Result>): void {
    slot.job = job;
    slot.worker.setBusy(true);
    slot.worker.send(job.task);
  }

  function release(slot: Slot<Task, Result>): Job<Task, Result> | undefined {
    const job = slot.job;
    slot.job = undefined;
    slot.worker.setBusy(false);
    return job;
  }

  function remove(slot: Slot<Task, Result>, error: Error): void {
    const index = slots.indexOf(slot);
    if (index === -1) return;
    slots.splice(index, 1);
    slot.job?.reject(error);
    slot.job = undefined;
    dispatch();
  }

  function spawn(): Slot<Task, Result> {
    const slot: Slot<Task, Result> = { worker: startPoolMember(isolation, workerUrl, workerData), job: undefined };
    slot.worker.onMessage((message) => {
      const reply = message as WorkerReply<Result>;
      const job = release(slot);
      if (reply.ok) job?.resolve(reply.value);
      else job?.reject(new Error(reply.message));
      dispatch();
    });
    slot.worker.onFailure((error) => remove(slot, error));
    slots.push(slot);
    return slot;
  }

  function dispatch(): void {
    while (queue.length > 0) {
      const slot = slots.find((s) => s.job === undefined) ?? (slots.length < size ? spawn() : undefined);
      if (!slot) return;
      assign(slot, queue.shift()!);
    }
    if (drained && slots.every((s) => s.job === undefined)) drained();
  }

  return {
    size,
    run(task) {
      if (closing) return Promise.reject(new Error('The password hashing pool is closed.'));
      return new Promise<Result>((resolve, reject) => {
        queue.push({ task, resolve, reject });
        dispatch();
      });
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        drained = resolve;
        dispatch();
      }).then(async () => {
        const stopping = slots.splice(0).map((s) => s.worker);
        await Promise.all(stopping.map((w) => w.stop()));
      });
      return closing;
    },
  };
}
