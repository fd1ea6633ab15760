import { createMemoryRateLimiter, type AuthStore, type RateLimiter } from '@gatehouse/core';
import { createRedisRateLimiter } from '@gatehouse/rate-limit-redis';
import type { SqlStore } from '@gatehouse/store-sql';
import { Redis } from 'ioredis';
import type { ServerSettings } from './env-config.js';
import { ConfigurationError } from './env-config.js';
import type { Logger } from './logger.js';
import { connectionFailure } from './start-up-failure.js';

export interface RateLimiterSetup {
  limiter: RateLimiter;
  description: string;
  close(): Promise<void>;
}

const isSqlStore = (store: AuthStore): store is SqlStore => 'rateLimiter' in store && 'db' in store;

/**
 * Where the rate-limit counts live (`RATE_LIMIT_STORE`). `auto`: Redis when `REDIS_URL` is set,
 * else the SQL database when the store is SQL (so instances sharing a database share counts), else
 * this process's memory.
 */
export async function openRateLimiter(settings: ServerSettings, store: AuthStore, log: Logger): Promise<RateLimiterSetup> {
  const wanted = settings.rateLimitStore === 'auto' ? (settings.redisUrl ? 'redis' : isSqlStore(store) ? 'database' : 'memory') : settings.rateLimitStore;
  if (wanted === 'redis') {
    if (!settings.redisUrl) throw new ConfigurationError('RATE_LIMIT_STORE=redis needs REDIS_URL.');
    // Fail fast at start rather than at the first login: lazy connect, then one PING.
    const redis = new Redis(settings.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    // ioredis rejects connect() with "Connection is closed."; the reason comes as an 'error' event.
    let reason: Error | undefined;
    const remember = (error: Error) => void (reason = error);
    redis.on('error', remember);
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      throw connectionFailure('REDIS_URL', settings.redisUrl, reason ?? error, 'Redis server');
    }
    redis.off('error', remember);
    redis.on('error', (error: Error) => log.error('redis error', { errorMessage: error.message }));
    return { limiter: createRedisRateLimiter(redis), description: 'redis', close: async () => void (await redis.quit()) };
  }
  if (wanted === 'database') {
    if (!isSqlStore(store)) throw new ConfigurationError('RATE_LIMIT_STORE=database needs a SQL DATABASE_URL.');
    // The store's pool closes with the store.
    return { limiter: store.rateLimiter, description: 'database', close: async () => {} };
  }
  return { limiter: createMemoryRateLimiter(), description: 'memory', close: async () => {} };
}
