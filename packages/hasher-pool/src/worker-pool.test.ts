import { describe, expect, it } from 'vitest';
import { createWorkerPool, type WorkerPool } from './worker-pool.js';

type Task = { op: 'sleep'; counters: SharedArrayBuffer; ms: number } | { op: 'fail' | 'exit' | 'throw' };

const FIXTURE = new URL('./worker-pool.test-fixture.js', import.meta.url);

function fixturePool(size: number): WorkerPool<Task, number> {
  return createWorkerPool<Task, number>(FIXTURE, size);
}

const sleep = (counters: SharedArrayBuffer, ms = 40): Task => ({ op: 'sleep', counters, ms });

describe('worker pool', () => {
  it('runs no more tasks at once than its size, and runs that many in parallel', async () => {
    const pool = fixturePool(2);
    const counters = new SharedArrayBuffer(8);
    try {
      const threads = await Promise.all(Array.from({ length: 6 }, () => pool.run(sleep(counters))));
      const peak = new Int32Array(counters)[1];
      expect(peak).toBe(2);
      expect(new Set(threads).size).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('starts threads on demand: tasks one after another reuse one thread', async () => {
    const pool = fixturePool(4);
    const counters = new SharedArrayBuffer(8);
    try {
      const threads = [];
      for (let i = 0; i < 3; i++) threads.push(await pool.run(sleep(counters, 1)));
      expect(new Set(threads).size).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('rejects a task with the error message its worker reported, and keeps serving', async () => {
    const pool = fixturePool(1);
    try {
      await expect(pool.run({ op: 'fail' })).rejects.toThrow('task refused: boom');
      await expect(pool.run(sleep(new SharedArrayBuffer(8), 1))).resolves.toEqual(expect.any(Number));
    } finally {
      await pool.close();
    }
  });

  it.each(['exit', 'throw'] as const)('fails only the task whose worker died (%s) and replaces the worker', async (op) => {
    const pool = fixturePool(1);
    const counters = new SharedArrayBuffer(8);
    try {
      const before = await pool.run(sleep(counters, 1));
      const queuedBehind = pool.run(sleep(counters, 1));
      await expect(pool.run({ op })).rejects.toThrow(op === 'exit' ? /stopped unexpectedly \(exit code 3\)/ : 'worker crashed');
      // FIFO: the task queued before the crash already ran on the old thread.
      expect(await queuedBehind).toBe(before);
      const after = await pool.run(sleep(counters, 1));
      expect(after).not.toBe(before);
    } finally {
      await pool.close();
    }
  });

  it('on close, finishes every accepted task, then refuses new ones', async () => {
    const pool = fixturePool(1);
    const counters = new SharedArrayBuffer(8);
    const accepted = [pool.run(sleep(counters, 20)), pool.run(sleep(counters, 20)), pool.run(sleep(counters, 20))];
    const closed = pool.close();
    await expect(pool.run(sleep(counters, 1))).rejects.toThrow('The password hashing pool is closed.');
    await expect(Promise.all(accepted)).resolves.toHaveLength(3);
    await closed;
    expect(pool.close()).toBe(closed);
    expect(new Int32Array(counters)[0]).toBe(0);
  });
});
