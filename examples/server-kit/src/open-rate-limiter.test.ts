import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { openSqlStore } from '@gatehousejs/store-sql';
import { DATABASES_REQUIRED } from '@gatehousejs/store-sql/testing';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigurationError, readServerSettings } from './env-config.js';
import { silentLogger } from './logger.js';
import { openRateLimiter } from './open-rate-limiter.js';

const folder = mkdtempSync(join(tmpdir(), 'gatehouse-limiter-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const settings = (env: NodeJS.ProcessEnv) => readServerSettings(env, { databaseFile: join(folder, 'unused.db') });
const rule = { limit: 1, windowSeconds: 60 };

async function redisReachable(): Promise<boolean> {
  const probe = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const reachable = await redisReachable();
if (!reachable && !DATABASES_REQUIRED) console.warn('Skipping the Redis rate-limiter selection test: no Redis at 127.0.0.1:6379.');

describe('openRateLimiter (RATE_LIMIT_STORE=auto)', () => {
  it('keeps counts in memory for the in-memory store', async () => {
    const setup = await openRateLimiter(settings({}), createMemoryStore(), silentLogger);
    expect(setup.description).toBe('memory');
  });

  it('shares counts through the SQL database for a SQL store', async () => {
    const store = await openSqlStore(`sqlite:${join(folder, 'limits.db')}`);
    try {
      const setup = await openRateLimiter(settings({}), store, silentLogger);
      expect(setup.description).toBe('database');
      const key = `k-${Date.now()}`;
      expect((await setup.limiter.hit(key, rule, new Date())).allowed).toBe(true);
      expect((await store.rateLimiter.hit(key, rule, new Date())).allowed).toBe(false);
    } finally {
      await store.close();
    }
  });

  it('refuses RATE_LIMIT_STORE=redis without REDIS_URL, naming both', async () => {
    await expect(openRateLimiter(settings({ RATE_LIMIT_STORE: 'redis' }), createMemoryStore(), silentLogger)).rejects.toThrow(/REDIS_URL/);
  });

  it('says the Redis server of REDIS_URL cannot be reached, without the password', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const opening = openRateLimiter(settings({ REDIS_URL: `redis://:s3cret-pw@127.0.0.1:${port}` }), createMemoryStore(), silentLogger);
    await expect(opening).rejects.toThrow(
      new ConfigurationError(`cannot reach the Redis server of REDIS_URL (connect ECONNREFUSED 127.0.0.1:${port})`),
    );
  });

  it.skipIf(!reachable && !DATABASES_REQUIRED)('uses Redis when REDIS_URL is set (Redis at 127.0.0.1:6379)', async () => {
    expect(reachable, 'Redis at 127.0.0.1:6379 is required (GATEHOUSE_REQUIRE_DATABASES=1) but cannot be reached').toBe(true);
    const setup = await openRateLimiter(settings({ REDIS_URL: 'redis://127.0.0.1:6379' }), createMemoryStore(), silentLogger);
    try {
      expect(setup.description).toBe('redis');
      const key = `gatehouse-test-${Date.now()}-${Math.random()}`;
      expect((await setup.limiter.hit(key, rule, new Date())).count).toBe(1);
      await setup.limiter.reset(key);
    } finally {
      await setup.close();
    }
  });
});
