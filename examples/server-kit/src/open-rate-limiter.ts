import { createMemoryRateLimiter } from '@gatehousejs/core';
import type { AuthStore, RateLimiter, RevocationFeed } from '@gatehousejs/core/ports';
import { createRedisRateLimiter, createRedisRevocationFeed } from '@gatehousejs/rate-limit-redis';
import type { SqlStore } from '@gatehousejs/store-sql';
import { Redis } from 'ioredis';
import type { ServerSettings } from './env-config.js';
import { ConfigurationError } from './env-config.js';
import type { Logger } from './logger.js';
import { connectionFailure } from './start-up-failure.js';

export interface RateLimiterSetup {
  limiter: RateLimiter;
  description: string;
  /** With Redis: revocations reach the other instances over pub/sub at once (else the store is polled). */
  revocationFeed?: RevocationFeed;
  close(): Promise<void>;
}

/** `work`, or a rejection naming `what` after `ms`. */
function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`${what} did not answer within ${ms} ms`), { code: 'ETIMEDOUT' })), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const isSqlStore = (store: AuthStore): store is SqlStore => 'rateLimiter' in store && 'db' in store;

/**
 * Where the rate-limit counts live (`RATE_LIMIT_STORE`). `auto`: Redis when `REDIS_URL` is set,
 * else the SQL database when the store is SQL (so instances sharing a database share counts), else
 * this process's memory.
 */
export async function openRateLimiter(settings: ServerSettings, store: AuthStore, log: Logger): Promise<RateLimiterSetup> {
  const wanted =
    settings.rateLimitStore === 'auto'
      ? settings.redisUrl
        ? 'redis'
        : isSqlStore(store)
          ? 'database'
          : 'memory'
      : settings.rateLimitStore;
  if (wanted === 'redis') {
    if (!settings.redisUrl) throw new ConfigurationError('RATE_LIMIT_STORE=redis needs REDIS_URL.');
    const { connectTimeoutMs, commandTimeoutMs } = settings.operations.redis;
    // While Redis is down a request must fail at once (503), not wait through reconnection
    // attempts: no offline queue, one try per command, a bound on each command. ioredis keeps
    // reconnecting in the background, so the limiter serves again as soon as Redis is back.
    const redis = new Redis(settings.redisUrl, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: commandTimeoutMs,
      connectTimeout: connectTimeoutMs,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    // ioredis rejects connect() with "Connection is closed."; the reason comes as an 'error' event.
    let reason: Error | undefined;
    const remember = (error: Error) => void (reason = error);
    redis.on('error', remember);
    try {
      // Fail at start rather than at the first login: connect, then one PING, each bounded (a
      // frozen Redis accepts the TCP connection and then says nothing).
      await within(redis.connect(), connectTimeoutMs, 'the Redis server');
      await within(redis.ping(), connectTimeoutMs, 'the Redis server');
    } catch (error) {
      redis.disconnect();
      throw connectionFailure('REDIS_URL', settings.redisUrl, reason ?? error, 'Redis server');
    }
    redis.off('error', remember);
    // One line per failed reconnection while Redis is away; without a listener ioredis's 'error' would end the process.
    redis.on('error', (error: Error) => log.warn('redis unavailable', { reason: error.message || (error as NodeJS.ErrnoException).code }));
    // Subscribing needs a connection of its own, which waits for Redis (it is no request path).
    const subscriber = redis.duplicate({ lazyConnect: false, enableOfflineQueue: true, maxRetriesPerRequest: null });
    subscriber.on('error', () => {});
    return {
      limiter: createRedisRateLimiter(redis),
      description: 'redis',
      revocationFeed: createRedisRevocationFeed({ publisher: redis, subscriber }),
      close: async () => {
        subscriber.disconnect();
        // QUIT needs a connection; with Redis away, just drop the socket.
        if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
        else redis.disconnect();
      },
    };
  }
  if (wanted === 'database') {
    if (!isSqlStore(store)) throw new ConfigurationError('RATE_LIMIT_STORE=database needs a SQL DATABASE_URL.');
    // The store's pool closes with the store.
    return { limiter: store.rateLimiter, description: 'database', close: async () => {} };
  }
  return { limiter: createMemoryRateLimiter(), description: 'memory', close: async () => {} };
}
