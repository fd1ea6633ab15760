import type { ResourceLimits } from 'node:worker_threads';
import { AuthError } from '@gatehousejs/core';
import type { WorkerReply } from './argon2id-task.js';
import { startPoolMember, type PoolIsolation, type PoolMember } from './pool-member.js';

/**
 * A fixed-size set of workers (threads or processes) that each compute one task at a time, fed from
 * one FIFO queue, each holding up to `depth` tasks so it never waits for this thread between two.
 */
export interface WorkerPool<Task, Result> {
  readonly size: number;
  /**
   * Resolves with the worker's result; rejects with the error it reported, or with an `AuthError`
   * `HASHER_UNAVAILABLE` (503 with Retry-After, the worker's failure as `cause`) if the worker dies
   * or the pool is closed.
   */
  run(task: Task): Promise<Result>;
  /** Resolves while the pool takes tasks; rejects with `HASHER_UNAVAILABLE` once it is closed. For a readiness check: it starts no worker. */
  ping(): Promise<void>;
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
  /** Sent to the worker, oldest first: the first is running, the others wait in the worker's inbox. */
  jobs: Job<Task, Result>[];
  /** Set while the worker is idle, with `idleStopMs`: stops it when nothing came meanwhile. */
  idleTimer?: ReturnType<typeof setTimeout>;
}

export interface WorkerPoolOptions {
  /**
   * Stops a worker idle for this long (a fresh one starts with the next task), so what it holds
   * goes back to the system. Off by default: a hashing worker holds little between tasks.
   */
  idleStopMs?: number;
  /** Heap limits of each worker thread (ignored for processes). */
  resourceLimits?: ResourceLimits;
}

/**
 * A dependency failure, not a bug: the client may try again (a closed pool means this instance is
 * shutting down and another one will answer; a dead worker is replaced for the next task). The
 * sentence and Retry-After are the catalogue's; what failed underneath goes to `cause`, for logs.
 */
function unavailable(cause?: Error): AuthError {
  return new AuthError('HASHER_UNAVAILABLE', undefined, undefined, cause ? { cause } : {});
}

/**
 * Starts workers from `workerUrl` on demand, up to `size`, and keeps them for the next task. An idle
 * worker is unreferenced, so an idle pool never keeps the process alive; a busy one is referenced,
 * so a pending task is never cut short by the process exiting. A worker that dies fails its own
 * task only: the tasks waiting in its inbox go back to the front of the queue, and the next task
 * starts a fresh worker.
 *
 * `depth` is how many tasks a worker holds at once (it computes them one after another, in order).
 * With 1 a worker that finishes waits for this thread to read its answer and send the next task,
 * which on a busy event loop takes a while; with 2 the next task is already in its inbox. Tasks go
 * to idle workers first, so a second one is only queued behind a running task when every worker is
 * busy.
 */
export function createWorkerPool<Task, Result>(
  workerUrl: URL,
  size: number,
  workerData?: unknown,
  isolation: PoolIsolation = 'thread',
  depth = 1,
  options: WorkerPoolOptions = {},
): WorkerPool<Task, Result> {
  const slots: Slot<Task, Result>[] = [];
  const queue: Job<Task, Result>[] = [];
  let closing: Promise<void> | undefined;
  let drained: (() => void) | undefined;

  function assign(slot: Slot<Task, Result>, job: Job<Task, Result>): void {
    clearTimeout(slot.idleTimer);
    slot.jobs.push(job);
    slot.worker.setBusy(true);
    slot.worker.send(job.task);
  }

  /** The worker answered its oldest task. */
  function finish(slot: Slot<Task, Result>): Job<Task, Result> | undefined {
    const job = slot.jobs.shift();
    if (slot.jobs.length === 0) {
      slot.worker.setBusy(false);
      if (options.idleStopMs !== undefined && !closing) {
        slot.idleTimer = setTimeout(() => retire(slot), options.idleStopMs);
        slot.idleTimer.unref();
      }
    }
    return job;
  }

  /** Stops a worker that stayed idle: it leaves the pool first, so its exit fails no task. */
  function retire(slot: Slot<Task, Result>): void {
    const index = slots.indexOf(slot);
    if (index === -1 || slot.jobs.length > 0) return;
    slots.splice(index, 1);
    void slot.worker.stop();
  }

  function remove(slot: Slot<Task, Result>, error: Error): void {
    const index = slots.indexOf(slot);
    if (index === -1) return;
    slots.splice(index, 1);
    const [running, ...waiting] = slot.jobs.splice(0);
    running?.reject(unavailable(error));
    // Never started: they run on another worker, ahead of everything queued after them.
    queue.unshift(...waiting);
    dispatch();
  }

  function spawn(): Slot<Task, Result> {
    const slot: Slot<Task, Result> = { worker: startPoolMember(isolation, workerUrl, workerData, options.resourceLimits), jobs: [] };
    slot.worker.onMessage((message) => {
      const reply = message as WorkerReply<Result>;
      const job = finish(slot);
      if (reply.ok) job?.resolve(reply.value);
      else job?.reject(new Error(reply.message));
      dispatch();
    });
    slot.worker.onFailure((error) => remove(slot, error));
    slots.push(slot);
    return slot;
  }

  /** An idle worker, else a new one, else the least loaded worker with room in its inbox. */
  function nextSlot(): Slot<Task, Result> | undefined {
    const idle = slots.find((s) => s.jobs.length === 0);
    if (idle) return idle;
    if (slots.length < size) return spawn();
    let best: Slot<Task, Result> | undefined;
    for (const s of slots) if (s.jobs.length < depth && (!best || s.jobs.length < best.jobs.length)) best = s;
    return best;
  }

  function dispatch(): void {
    while (queue.length > 0) {
      const slot = nextSlot();
      if (!slot) return;
      assign(slot, queue.shift()!);
    }
    if (drained && slots.every((s) => s.jobs.length === 0)) drained();
  }

  return {
    size,
    run(task) {
      if (closing) return Promise.reject(unavailable());
      return new Promise<Result>((resolve, reject) => {
        queue.push({ task, resolve, reject });
        dispatch();
      });
    },
    ping: () => (closing ? Promise.reject(unavailable()) : Promise.resolve()),
    close() {
      closing ??= new Promise<void>((resolve) => {
        drained = resolve;
        dispatch();
      }).then(async () => {
        const stopping = slots.splice(0).map((s) => {
          clearTimeout(s.idleTimer);
          return s.worker;
        });
        await Promise.all(stopping.map((w) => w.stop()));
      });
      return closing;
    },
  };
}
