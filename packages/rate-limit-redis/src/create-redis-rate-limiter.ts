import type { RateLimitDecision, RateLimiter, RateLimitRule } from '@gatehouse/core';
import type { Cluster, Redis } from 'ioredis';
import { HIT_SCRIPT, HIT_SCRIPT_SHA1 } from './hit-script.js';

export interface RedisRateLimiterOptions {
  /** Put before every limiter key, so Gatehouse's keys stay apart from the application's. Default `gatehouse:rl:`. */
  prefix?: string;
}

/**
 * How long a key outlives its window before Redis deletes it. The window end itself is in the
 * value; this margin only has to cover clock differences between the app instances.
 */
const CLEANUP_GRACE_MS = 60_000;

function decide(count: number, endsAt: number, rule: RateLimitRule, nowMs: number, counted: boolean): RateLimitDecision {
  return {
    allowed: counted ? count <= rule.limit : count < rule.limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((endsAt - nowMs) / 1000)),
  };
}

const isNoScript = (error: unknown) => error instanceof Error && error.message.startsWith('NOSCRIPT');

/**
 * A `RateLimiter` over Redis, so every server instance that uses one Redis shares one count. Each
 * hit is one Lua script, atomic in Redis. Windows are judged by the `now` passed in, so the limiter
 * gives the same answers as the memory and SQL limiters, fake clocks included. The client stays
 * yours: the limiter neither connects nor quits it.
 *
 * @example
 * import { Redis } from 'ioredis';
 * import { createRedisRateLimiter } from '@gatehouse/rate-limit-redis';
 *
 * const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
 * const auth = createAuth({ store, rateLimiter: createRedisRateLimiter(redis), ... });
 */
export function createRedisRateLimiter(redis: Redis | Cluster, options: RedisRateLimiterOptions = {}): RateLimiter {
  const prefix = options.prefix ?? 'gatehouse:rl:';
  if (typeof prefix !== 'string') throw new TypeError('createRedisRateLimiter: prefix must be a string.');

  const runHit = async (key: string, args: string[]): Promise<unknown> => {
    try {
      return await redis.evalsha(HIT_SCRIPT_SHA1, 1, key, ...args);
    } catch (error) {
      // First use on this server, or after SCRIPT FLUSH or a restart: EVAL sends the script and caches it.
      if (!isNoScript(error)) throw error;
      return redis.eval(HIT_SCRIPT, 1, key, ...args);
    }
  };

  return {
    async hit(key, rule, now) {
      const nowMs = now.getTime();
      const windowMs = rule.windowSeconds * 1000;
      const reply = await runHit(prefix + key, [String(nowMs), String(nowMs + windowMs), String(windowMs + CLEANUP_GRACE_MS)]);
      const [count, endsAt] = reply as [number, string];
      return decide(Number(count), Number(endsAt), rule, nowMs, true);
    },

    async peek(key, rule, now) {
      const nowMs = now.getTime();
      const [count, endsAt] = await redis.hmget(prefix + key, 'c', 'e');
      // No key, or a window that has ended but not yet been cleaned up: no hits.
      if (count === null || endsAt === null || Number(endsAt) <= nowMs) {
        return decide(0, nowMs + rule.windowSeconds * 1000, rule, nowMs, false);
      }
      return decide(Number(count), Number(endsAt), rule, nowMs, false);
    },

    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
