import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { AuthError, ERROR_CATALOGUE, createArgon2idHasher } from '@gatehousejs/core';
import { describeArgon2idHasherContract } from '@gatehousejs/core/testing';
import { describe, expect, it } from 'vitest';
import { createArgon2idWorkerPool, type Argon2idWorkerPool } from './create-argon2id-worker-pool.js';

const FAST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

describeArgon2idHasherContract('hash-wasm worker pool (processes, the default)', {
  create: (params, random) => createArgon2idWorkerPool(params, { size: 2, ...(random ? { random } : {}) }),
  dispose: (hasher) => (hasher as Argon2idWorkerPool).close(),
});

describeArgon2idHasherContract('hash-wasm worker pool on threads', {
  create: (params, random) => createArgon2idWorkerPool(params, { size: 2, isolation: 'thread', ...(random ? { random } : {}) }),
  dispose: (hasher) => (hasher as Argon2idWorkerPool).close(),
});

async function withPool<T>(pool: Argon2idWorkerPool, use: (pool: Argon2idWorkerPool) => Promise<T>): Promise<T> {
  try {
    return await use(pool);
  } finally {
    await pool.close();
  }
}

/** How many times the event loop turns while `work` is pending. */
async function loopTurnsDuring(work: Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const spin = () => {
    if (done) return;
    turns++;
    setImmediate(spin);
  };
  setImmediate(spin);
  await work.finally(() => {
    done = true;
  });
  return turns;
}

describe('hash-wasm worker pool', () => {
  it('hashes with the spec parameters off the event loop, which keeps turning meanwhile', async () => {
    const spec = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
    await withPool(createArgon2idWorkerPool(spec, { size: 1 }), async (pool) => {
      await pool.hash('warm up the thread');
      let phc = '';
      const turns = await loopTurnsDuring(pool.hash('correct horse battery staple').then((h) => (phc = h)));
      // On the calling thread, hash-wasm computes in one synchronous stretch: the loop would not turn.
      expect(turns).toBeGreaterThan(10);
      await expect(createArgon2idHasher(spec).verify(phc, 'correct horse battery staple')).resolves.toBe(true);
    });
  });

  it('serves more hashes than threads from its queue', async () => {
    await withPool(createArgon2idWorkerPool(FAST, { size: 2 }), async (pool) => {
      const passwords = Array.from({ length: 7 }, (_, i) => `password-${i}`);
      const hashes = await Promise.all(passwords.map((p) => pool.hash(p)));
      const verdicts = await Promise.all(hashes.map((h, i) => pool.verify(h, passwords[(i + 1) % 7]!)));
      expect(new Set(hashes).size).toBe(7);
      expect(verdicts).toEqual(new Array(7).fill(false));
      await expect(Promise.all(hashes.map((h, i) => pool.verify(h, passwords[i]!)))).resolves.toEqual(new Array(7).fill(true));
    });
  });

  it('rejects the hash with the error hash-wasm raised in the worker', async () => {
    await withPool(createArgon2idWorkerPool({ memoryCost: 8, timeCost: 1, parallelism: 4 }, { size: 1 }), async (pool) => {
      await expect(pool.hash('pw')).rejects.toThrow(/memory/i);
    });
  });

  it('refuses new hashes and verifies once closed with HASHER_UNAVAILABLE, which answers 503', async () => {
    const pool = createArgon2idWorkerPool(FAST, { size: 1 });
    const phc = await pool.hash('pw-12345');
    await pool.close();
    await expect(pool.hash('pw-12345')).rejects.toMatchObject({
      code: 'HASHER_UNAVAILABLE',
      status: 503,
      retryAfterSeconds: ERROR_CATALOGUE.HASHER_UNAVAILABLE.retryAfterSeconds,
    });
    await expect(pool.verify(phc, 'pw-12345')).rejects.toMatchObject({
      code: 'HASHER_UNAVAILABLE',
      status: 503,
      retryAfterSeconds: ERROR_CATALOGUE.HASHER_UNAVAILABLE.retryAfterSeconds,
    });
  });

  it('reports a capacity of two hashes per worker', async () => {
    await withPool(createArgon2idWorkerPool(FAST, { size: 3 }), async (pool) => {
      expect(pool.size).toBe(3);
      expect(pool.capacity).toBe(6);
    });
  });

  it('sizes itself to the available parallelism by default', async () => {
    await withPool(createArgon2idWorkerPool(FAST), async (pool) => {
      expect(pool.size).toBe(availableParallelism());
    });
  });

  it('runs the engine module it is given on its threads', async () => {
    await withPool(
      createArgon2idWorkerPool(FAST, { size: 1, engine: new URL('./engine.test-fixture.js', import.meta.url) }),
      async (pool) => {
        await expect(pool.hash('pw-12345')).resolves.toBe('fixture-engine:pw-12345');
      },
    );
  });

  describe.runIf(process.platform === 'linux')('scheduling priority (Linux)', () => {
    // Field 19 of /proc/…/stat is the nice value, field 4 the parent's pid; the name in field 2 may hold spaces.
    const statFields = (path: string) => readFileSync(path, 'utf8').split(') ')[1]!.split(' ');
    const niceOf = (path: string) => Number(statFields(path)[16]);
    const mainNice = () => niceOf(`/proc/self/task/${process.pid}/stat`);

    it('lowers the nice value of its own threads only', async () => {
      const before = new Set(readdirSync('/proc/self/task'));
      const main = mainNice();
      // Above the current value: lowering priority needs no privilege.
      const threadNice = Math.min(19, main + 3);
      await withPool(createArgon2idWorkerPool(FAST, { size: 2, threadNice, isolation: 'thread' }), async (pool) => {
        await Promise.all([pool.hash('a'), pool.hash('b')]);
        const fresh = readdirSync('/proc/self/task').filter(
          (tid) => !before.has(tid) && niceOf(`/proc/self/task/${tid}/stat`) === threadNice,
        );
        expect(fresh).toHaveLength(2);
        expect(mainNice()).toBe(main);
      });
    });

    it('lowers the nice value of its worker processes, not its own', async () => {
      const main = mainNice();
      const threadNice = Math.min(19, main + 3);
      const children = () =>
        readdirSync('/proc')
          .filter((pid) => /^\d+$/.test(pid))
          .flatMap((pid) => {
            try {
              return Number(statFields(`/proc/${pid}/stat`)[1]) === process.pid ? [pid] : [];
            } catch {
              return []; // a process that ended while we looked
            }
          });
      const before = new Set(children());
      await withPool(createArgon2idWorkerPool(FAST, { size: 2, threadNice, isolation: 'process' }), async (pool) => {
        await Promise.all([pool.hash('a'), pool.hash('b')]);
        const workers = children().filter((pid) => !before.has(pid));
        expect(workers).toHaveLength(2);
        // The hashing runs on each worker process's main thread, whose task id is its pid.
        expect(workers.map((pid) => niceOf(`/proc/${pid}/task/${pid}/stat`))).toEqual([threadNice, threadNice]);
        expect(mainNice()).toBe(main);
      });
    });
  });

  it.runIf(process.platform === 'linux')(
    'uses child processes for hash-wasm and threads for another engine, unless told otherwise',
    async () => {
      const workerKinds = async (options: Parameters<typeof createArgon2idWorkerPool>[1]) => {
        const threadsBefore = readdirSync('/proc/self/task').length;
        return withPool(createArgon2idWorkerPool(FAST, { size: 1, ...options }), async (pool) => {
          await pool.hash('pw');
          return readdirSync('/proc/self/task').length > threadsBefore ? 'thread' : 'process';
        });
      };
      const fixture = new URL('./engine.test-fixture.js', import.meta.url);
      await expect(workerKinds({})).resolves.toBe('process');
      await expect(workerKinds({ engine: fixture })).resolves.toBe('thread');
      await expect(workerKinds({ isolation: 'thread' })).resolves.toBe('thread');
      await expect(workerKinds({ engine: fixture, isolation: 'process' })).resolves.toBe('process');
    },
  );

  it.each([
    ['size', { size: 0 }],
    ['size', { size: -1 }],
    ['size', { size: 1.5 }],
    ['size', { size: 257 }],
    ['size', { size: Number.NaN }],
    ['threadNice', { threadNice: -1 }],
    ['threadNice', { threadNice: 20 }],
  ])('refuses a wrong %s at creation with INVALID_CONFIG naming the setting (%o)', (path, options) => {
    let caught: unknown;
    try {
      createArgon2idWorkerPool(FAST, options);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AuthError);
    expect(caught).toMatchObject({ code: 'INVALID_CONFIG', details: [{ path }] });
  });
});
