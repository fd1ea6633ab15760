import { AuthError, isAuthError } from '@gatehousejs/core';
import type { RateLimitDecision, RateLimiter, RateLimitRule } from '@gatehousejs/core/ports';
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

/** One hit taken back, atomically: only in a window that has not ended, never below zero. */
const RELEASE_SCRIPT = `
local stored = redis.call('HGET', KEYS[1], 'e')
if stored and tonumber(stored) > tonumber(ARGV[1]) and tonumber(redis.call('HGET', KEYS[1], 'c') or '0') > 0 then
  redis.call('HINCRBY', KEYS[1], 'c', -1)
end
return 0
`;

const isNoScript = (error: unknown) => error instanceof Error && error.message.startsWith('NOSCRIPT');

/** Replies that say Redis is there but cannot serve now (loading its data, a replica cut off, …). */
const UNAVAILABLE_REPLY = /^(LOADING|MASTERDOWN|BUSY|TRYAGAIN|CLUSTERDOWN|READONLY)\b/;

/**
 * Anything but an error reply from Redis (a refused or dropped connection, no connection with the
 * offline queue off, a command timeout, retries used up) is Redis being unavailable: 503 with
 * Retry-After, logged as one line. An error reply is a bug in the command and stays one (500).
 */
function asUnavailable(error: unknown): unknown {
  if (isAuthError(error)) return error;
  const reply = error instanceof Error && error.name === 'ReplyError';
  if (reply && !UNAVAILABLE_REPLY.test(error.message)) return error;
  return new AuthError('RATE_LIMITER_UNAVAILABLE', undefined, undefined, { cause: error });
}

/** `work`, with Redis's unavailability said as `RATE_LIMITER_UNAVAILABLE`. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asUnavailable(error);
  }
}

/**
 * A `RateLimiter` over Redis, so every server instance that uses one Redis shares one count. Each
 * hit is one Lua script, atomic in Redis. Windows are judged by the `now` passed in, so the limiter
 * gives the same answers as the memory and SQL limiters, fake clocks included. The client stays
 * yours: the limiter neither connects nor quits it.
 *
 * When Redis cannot answer, each call rejects with `RATE_LIMITER_UNAVAILABLE` (503): the limits are
 * never skipped. How fast that comes is the client's setting: give it `enableOfflineQueue: false`,
 * `maxRetriesPerRequest: 1` and a `commandTimeout` (the example uses 1 s), or a request waits
 * through ioredis's reconnection attempts. Give the client an `'error'` listener too: ioredis emits
 * one per failed reconnection, and an unheard 'error' ends the process.
 *
 * @example
 * import { Redis } from 'ioredis';
 * import { createRedisRateLimiter } from '@gatehousejs/rate-limit-redis';
 *
 * const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000 });
 * redis.on('error', (error) => log.warn('redis unavailable', { reason: error.message }));
 * const auth = createAuth({ store, rateLimiter: createRedisRateLimiter(redis), ... });
 */
export function createRedisRateLimiter(redis: Redis | Cluster, options: RedisRateLimiterOptions = {}): RateLimiter {
  const prefix = options.prefix ?? 'gatehouse:rl:';
  if (typeof prefix !== 'string') throw new AuthError('INVALID_CONFIG', 'createRedisRateLimiter: prefix must be a string.');

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
      const reply = await guarded(() =>
        runHit(prefix + key, [String(nowMs), String(nowMs + windowMs), String(windowMs + CLEANUP_GRACE_MS)]),
      );
      const [count, endsAt] = reply as [number, string];
      return decide(Number(count), Number(endsAt), rule, nowMs, true);
    },

    async peek(key, rule, now) {
      const nowMs = now.getTime();
      const [count, endsAt] = await guarded(() => redis.hmget(prefix + key, 'c', 'e'));
      // No key, or a window that has ended but not yet been cleaned up: no hits.
      if (count === null || endsAt === null || Number(endsAt) <= nowMs) {
        return decide(0, nowMs + rule.windowSeconds * 1000, rule, nowMs, false);
      }
      return decide(Number(count), Number(endsAt), rule, nowMs, false);
    },

    async reset(key) {
      await guarded(() => redis.del(prefix + key));
    },

    async release(key, now) {
      await guarded(() => redis.eval(RELEASE_SCRIPT, 1, prefix + key, String(now.getTime())));
    },

    // `auth.checkReadiness()` asks it as `redis`: one PING, bounded by the client's command timeout.
    dependency: { name: 'redis', ping: () => redis.ping() },
  };
}
