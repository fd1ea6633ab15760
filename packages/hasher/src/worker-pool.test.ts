import { AuthError, ERROR_CATALOGUE } from '@gatehousejs/core';
import { describe, expect, it } from 'vitest';
import type { PoolIsolation } from './pool-member.js';
import { createWorkerPool, type WorkerPool } from './worker-pool.js';

type Task = { op: 'sleep'; ms: number } | { op: 'fail' | 'exit' | 'throw' };
interface Ran {
  worker: string;
  start: number;
  end: number;
}

const FIXTURE = new URL('./worker-pool.test-fixture.js', import.meta.url);
const sleep = (ms = 40): Task => ({ op: 'sleep', ms });

/** Awaits a rejection that must be HASHER_UNAVAILABLE with a retry time; returns its cause's message. */
async function unavailableCause(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => expect.fail('expected HASHER_UNAVAILABLE, but it resolved'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthError);
  expect(error).toMatchObject({
    code: 'HASHER_UNAVAILABLE',
    status: 503,
    retryAfterSeconds: ERROR_CATALOGUE.HASHER_UNAVAILABLE.retryAfterSeconds,
  });
  // What a client may read says nothing about workers, exit codes or stacks.
  expect((error as AuthError).message).not.toMatch(/exit|code|crash/i);
  const cause = (error as AuthError).cause;
  return cause instanceof Error ? cause.message : undefined;
}

/** The most tasks that were running at one instant. */
function peakOverlap(runs: Ran[]): number {
  const edges = runs.flatMap((r) => [
    { at: r.start, step: 1 },
    { at: r.end, step: -1 },
  ]);
  // At equal instants an end comes first: a task that ends as another starts did not overlap it.
  edges.sort((a, b) => a.at - b.at || a.step - b.step);
  let running = 0;
  let peak = 0;
  for (const edge of edges) peak = Math.max(peak, (running += edge.step));
  return peak;
}

const KINDS: [PoolIsolation, number][] = [
  ['thread', 1],
  ['process', 1],
  ['thread', 2],
  ['process', 2],
];

describe.each(KINDS)('worker pool of %ss, %i task(s) per worker at once', (isolation, depth) => {
  const fixturePool = (size: number): WorkerPool<Task, Ran> => createWorkerPool<Task, Ran>(FIXTURE, size, undefined, isolation, depth);

  it('runs no more tasks at once than its size, and runs that many in parallel', async () => {
    const pool = fixturePool(2);
    try {
      // Both workers started first: on a loaded machine starting one can take longer than a task.
      await Promise.all([pool.run(sleep(1)), pool.run(sleep(1))]);
      const runs = await Promise.all(Array.from({ length: 6 }, () => pool.run(sleep(150))));
      expect(peakOverlap(runs)).toBe(2);
      expect(new Set(runs.map((r) => r.worker)).size).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('starts workers on demand: tasks one after another reuse one worker', async () => {
    const pool = fixturePool(4);
    try {
      const workers = [];
      for (let i = 0; i < 3; i++) workers.push((await pool.run(sleep(1))).worker);
      expect(new Set(workers).size).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('rejects a task with the error message its worker reported, and keeps serving', async () => {
    const pool = fixturePool(1);
    try {
      await expect(pool.run({ op: 'fail' })).rejects.toThrow('task refused: boom');
      await expect(pool.run(sleep(1))).resolves.toMatchObject({ worker: expect.any(String) });
    } finally {
      await pool.close();
    }
  });

  it.each(['exit', 'throw'] as const)(
    'fails only the task whose worker died (%s) with HASHER_UNAVAILABLE and replaces the worker',
    async (op) => {
      const pool = fixturePool(1);
      try {
        const before = (await pool.run(sleep(1))).worker;
        const queuedBehind = pool.run(sleep(1));
        // A thread reports its uncaught error; a process only its exit code (the stack goes to stderr).
        const died =
          op === 'exit'
            ? /stopped unexpectedly \(exit code 3\)/
            : isolation === 'thread'
              ? /worker crashed/
              : /stopped unexpectedly \(exit code 1\)/;
        expect(await unavailableCause(pool.run({ op }))).toMatch(died);
        // FIFO: the task queued before the crash already ran on the old worker.
        expect((await queuedBehind).worker).toBe(before);
        const after = (await pool.run(sleep(1))).worker;
        expect(after).not.toBe(before);
      } finally {
        await pool.close();
      }
    },
  );

  it('on close, finishes every accepted task, then refuses new ones with HASHER_UNAVAILABLE', async () => {
    const pool = fixturePool(1);
    const accepted = [pool.run(sleep(20)), pool.run(sleep(20)), pool.run(sleep(20))];
    const closed = pool.close();
    await expect(unavailableCause(pool.run(sleep(1)))).resolves.toBeUndefined();
    const runs = await Promise.all(accepted);
    expect(peakOverlap(runs)).toBe(1);
    await closed;
    expect(pool.close()).toBe(closed);
  });

  it('answers a readiness ping while open, without starting a worker, and refuses it once closed', async () => {
    const pool = fixturePool(1);
    await expect(pool.ping()).resolves.toBeUndefined();
    await pool.close();
    await expect(pool.ping()).rejects.toMatchObject({ code: 'HASHER_UNAVAILABLE' });
  });

  it('gives tasks to idle workers before queueing one behind a running task', async () => {
    const pool = fixturePool(2);
    try {
      const first = await Promise.all([pool.run(sleep(60)), pool.run(sleep(60))]);
      expect(new Set(first.map((r) => r.worker)).size).toBe(2);
      // Now both workers are started and idle (starting one on a loaded machine can take longer
      // than a task), so the two tasks must run at the same time.
      const second = await Promise.all([pool.run(sleep(200)), pool.run(sleep(200))]);
      expect(new Set(second.map((r) => r.worker))).toEqual(new Set(first.map((r) => r.worker)));
      expect(peakOverlap(second)).toBe(2);
    } finally {
      await pool.close();
    }
  });
});

describe.each<PoolIsolation>(['thread', 'process'])('worker pool of %ss holding two tasks per worker', (isolation) => {
  const pool2 = (size: number) => createWorkerPool<Task, Ran>(FIXTURE, size, undefined, isolation, 2);

  it("runs a worker's two tasks one after the other, in the order sent, the second right after the first", async () => {
    const pool = pool2(1);
    try {
      const runs = await Promise.all([pool.run(sleep(40)), pool.run(sleep(40)), pool.run(sleep(40))]);
      expect(peakOverlap(runs)).toBe(1);
      expect(runs[0]!.end).toBeLessThanOrEqual(runs[1]!.start);
      expect(runs[1]!.end).toBeLessThanOrEqual(runs[2]!.start);
    } finally {
      await pool.close();
    }
  });

  it('when a worker dies, fails its running task only: the task waiting in its inbox runs on a fresh worker', async () => {
    const pool = pool2(1);
    try {
      const before = (await pool.run(sleep(1))).worker;
      // Sent to the same worker at once (depth 2): `exit` runs first and ends the worker.
      const dies = pool.run({ op: 'exit' });
      const waiting = pool.run(sleep(1));
      expect(await unavailableCause(dies)).toMatch(/stopped unexpectedly \(exit code 3\)/);
      const ran = await waiting;
      expect(ran.worker).not.toBe(before);
    } finally {
      await pool.close();
    }
  });
});

describe('worker pool with idleStopMs', () => {
  it('stops a worker idle that long, and starts a fresh one for the next task', async () => {
    const pool = createWorkerPool<Task, Ran>(FIXTURE, 1, undefined, 'thread', 1, { idleStopMs: 50 });
    try {
      const first = await pool.run(sleep(1));
      const soon = await pool.run(sleep(1));
      expect(soon.worker).toBe(first.worker);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const later = await pool.run(sleep(1));
      expect(later.worker).not.toBe(first.worker);
    } finally {
      await pool.close();
    }
  });

  it('never stops a worker with a task, however long it runs', async () => {
    const pool = createWorkerPool<Task, Ran>(FIXTURE, 1, undefined, 'thread', 2, { idleStopMs: 20 });
    try {
      const runs = await Promise.all([pool.run(sleep(80)), pool.run(sleep(80))]);
      expect(runs[1].worker).toBe(runs[0].worker);
    } finally {
      await pool.close();
    }
  });
});
