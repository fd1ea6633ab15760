import { randomBytes } from 'node:crypto';
import { createRedisRateLimiter } from '@gatehousejs/rate-limit-redis';
import { describeLockoutSuite, type SuiteStorage } from '@gatehousejs/http/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { Redis } from 'ioredis';
import { honoTarget } from './suite-target.js';

// CI sets GATEHOUSE_REQUIRE_DATABASES=1: then an unreachable Redis fails instead of skipping.
const REDIS_URL = process.env.GATEHOUSE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const required = process.env.GATEHOUSE_REQUIRE_DATABASES === '1';

async function unreachable(): Promise<string | undefined> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 1, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    return undefined;
  } catch (error) {
    return `Redis at ${new URL(REDIS_URL).host} cannot be reached: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    probe.disconnect();
  }
}

/** A store shared by the instances of a case, with the counts in Redis under a prefix of this run. */
function redisCountedStorage(): SuiteStorage {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
  const store = createMemoryStore();
  const rateLimiter = createRedisRateLimiter(redis, { prefix: `gatehouse:test:${randomBytes(6).toString('hex')}:` });
  return { store, rateLimiter, close: async () => void (await redis.quit()) };
}

const reason = await unreachable();
if (reason && required) throw new Error(`${reason} (GATEHOUSE_REQUIRE_DATABASES=1)`);
describeLockoutSuite('Lockout of Hono with the counts in Redis', honoTarget(redisCountedStorage, reason));
