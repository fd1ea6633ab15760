import { createMemoryStore } from '@gatehousejs/store-memory';
import { describe, expect, it } from 'vitest';
import { createAuth } from '../create-auth.js';
import type { CreateAuthOptions } from '../create-auth-options.js';
import { TEST_CONFIG, createRecordingMailer } from '../flows/flow-harness.test-helpers.js';
import { createMemoryRateLimiter } from '../rate-limit/memory-rate-limiter.js';
import { createFakeClock } from '../testing/fake-clock.js';
import { createFakeHasher } from '../testing/fake-hasher.js';

const never = () => new Promise<never>(() => {});

/** An auth whose store, hasher, mailer and limiter record what shutdown did to them, in order. */
function authWith(
  parts: { storePing?: () => Promise<unknown>; hasherPing?: () => Promise<unknown>; redisPing?: () => Promise<unknown> } = {},
) {
  const steps: string[] = [];
  const clock = createFakeClock();
  const store = Object.assign(createMemoryStore(), {
    ...(parts.storePing ? { ping: parts.storePing } : {}),
    close: async () => void steps.push('store closed'),
  });
  const hasher = {
    ...createFakeHasher(),
    ...(parts.hasherPing ? { ping: parts.hasherPing } : {}),
    close: async () => void steps.push('hasher closed'),
  };
  const mailer = Object.assign(createRecordingMailer(), { close: async () => void steps.push('mailer closed') });
  const rateLimiter = {
    ...createMemoryRateLimiter(),
    ...(parts.redisPing ? { dependency: { name: 'redis', ping: parts.redisPing } } : {}),
  };
  const options: CreateAuthOptions<string> = {
    config: TEST_CONFIG,
    store,
    hasher,
    mailer,
    rateLimiter,
    clock,
    readiness: { timeoutMs: 50 },
  };
  return { auth: createAuth<string>(options), steps, clock };
}

describe('auth.checkReadiness', () => {
  it('is ready, naming each dependency that can be asked: the database, Redis, the hasher', async () => {
    const { auth } = authWith({ storePing: async () => 1, hasherPing: async () => undefined, redisPing: async () => 'PONG' });
    expect(await auth.checkReadiness()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok', hasher: 'ok' } });
  });

  it('checks nothing and is ready when nothing can be asked (memory store and limiter, hasher on this thread)', async () => {
    expect(await authWith().auth.checkReadiness()).toEqual({ status: 'ready', checks: {} });
  });

  it('says unavailable, naming the dependency that failed or did not answer within the timeout', async () => {
    const { auth } = authWith({
      storePing: never,
      hasherPing: () => Promise.reject(new Error('pool closed')),
      redisPing: async () => 'PONG',
    });
    const started = Date.now();
    expect(await auth.checkReadiness()).toEqual({
      status: 'unavailable',
      checks: { database: 'unavailable', redis: 'ok', hasher: 'unavailable' },
    });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('runs one round of checks for concurrent calls and reuses a report for a second of its clock', async () => {
    let pings = 0;
    const { auth, clock } = authWith({ storePing: async () => void pings++ });
    await Promise.all([auth.checkReadiness(), auth.checkReadiness(), auth.checkReadiness()]);
    expect(pings).toBe(1);
    clock.advance(0.999);
    await auth.checkReadiness();
    expect(pings).toBe(1);
    clock.advance(0.001);
    await auth.checkReadiness();
    expect(pings).toBe(2);
  });
});

describe('auth.shutdown', () => {
  it('says stopping at once, lets the app stop serving with every port open, then closes hasher, mailer and store', async () => {
    const { auth, steps } = authWith({ storePing: async () => 1 });
    await auth.checkReadiness();
    const done = auth.shutdown(async () => {
      steps.push('serving stopped');
      // While the app drains, readiness already turns the balancer away, and the store still works.
      expect(await auth.checkReadiness()).toEqual({ status: 'stopping', checks: { database: 'ok' } });
      await auth.register({
        firstName: 'Ada',
        lastName: 'Lovelace',
        username: 'ada',
        email: 'ada@example.com',
        password: 'analytical-engine-1843',
        confirmPassword: 'analytical-engine-1843',
      });
      steps.push('last request answered');
    });
    await done;
    expect(steps).toEqual(['serving stopped', 'last request answered', 'hasher closed', 'mailer closed', 'store closed']);
  });

  it('waits for a hash under way before closing the hasher', async () => {
    const steps: string[] = [];
    let finish!: () => void;
    const slowHasher = {
      ...createFakeHasher(),
      hash: (password: string) =>
        new Promise<string>((resolve) => {
          finish = () => {
            steps.push('hash finished');
            resolve(`$fake$v=1$${Buffer.from(password).toString('base64')}`);
          };
        }),
      close: async () => void steps.push('hasher closed'),
    };
    const auth = createAuth({ config: TEST_CONFIG, store: createMemoryStore(), mailer: createRecordingMailer(), hasher: slowHasher });
    const registering = auth.register({
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      password: 'analytical-engine-1843',
      confirmPassword: 'analytical-engine-1843',
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const stopped = auth.shutdown();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(steps).toEqual([]);
    finish();
    await Promise.all([registering, stopped]);
    expect(steps).toEqual(['hash finished', 'hasher closed']);
  });

  it('tries every close and rejects with the first failure; a second call is the same shutdown', async () => {
    const closed: string[] = [];
    const store = Object.assign(createMemoryStore(), { close: async () => void closed.push('store') });
    const hasher = { ...createFakeHasher(), close: () => Promise.reject(new Error('workers would not stop')) };
    const auth = createAuth({ config: TEST_CONFIG, store, mailer: createRecordingMailer(), hasher });
    const first = auth.shutdown();
    expect(auth.shutdown()).toBe(first);
    await expect(first).rejects.toThrow('workers would not stop');
    expect(closed).toEqual(['store']);
  });
});
