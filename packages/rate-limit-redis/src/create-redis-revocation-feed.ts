import type { Revocation, RevocationFeed } from '@gatehousejs/core/ports';
import type { Redis } from 'ioredis';

export interface RedisRevocationFeedOptions {
  /** The connection that publishes: any connection of the app (the rate limiter's will do). */
  publisher: Redis;
  /**
   * A connection of its own for subscribing: a Redis connection in subscribe mode can do nothing
   * else (`publisher.duplicate()` makes one). The feed subscribes it; the app closes it.
   */
  subscriber: Redis;
  /** The pub/sub channel; default `gatehouse:revocations`. One per app sharing a Redis. */
  channel?: string;
}

const MAX_ID_LENGTH = 256;

/** A message from the channel, if it is one of ours: anything else on it is ignored. */
function parseRevocation(message: string): Revocation | undefined {
  try {
    const value = JSON.parse(message) as Record<string, unknown>;
    const { kind, id, at } = value;
    if ((kind !== 'session' && kind !== 'user') || typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH) return undefined;
    if (typeof at !== 'number' || !Number.isSafeInteger(at)) return undefined;
    return { kind, id, at };
  } catch {
    return undefined;
  }
}

/**
 * Carries revocations between the instances of an app over Redis pub/sub, so an access token of a
 * session ended on one instance is refused by the others at once (`createAuth({ revocation: { feed } })`).
 * Pub/sub delivers only to subscribers connected at that moment: while the subscriber is not
 * connected (Redis restarting) `isLive()` is false and core reads the store's revocation record
 * instead, every `pollIntervalMs`, until it is back.
 *
 * @example
 * const redis = new Redis(process.env.REDIS_URL);
 * const feed = createRedisRevocationFeed({ publisher: redis, subscriber: redis.duplicate() });
 * const auth = createAuth({ config, store, mailer, revocation: { feed } });
 */
export function createRedisRevocationFeed(options: RedisRevocationFeedOptions): RevocationFeed {
  const channel = options.channel ?? 'gatehouse:revocations';
  const { publisher, subscriber } = options;
  const listeners = new Set<(revocation: Revocation) => void>();
  let subscribed = false;

  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    const revocation = parseRevocation(message);
    if (revocation) for (const listener of listeners) listener(revocation);
  });
  // ioredis subscribes again by itself after a reconnect; until then nothing arrives.
  subscriber.on('close', () => {
    subscribed = false;
  });
  subscriber.on('ready', () => {
    subscribed = true;
  });
  subscriber.subscribe(channel).then(
    () => {
      subscribed = true;
    },
    () => {
      subscribed = false;
    },
  );

  return {
    async publish(revocation) {
      await publisher.publish(channel, JSON.stringify({ kind: revocation.kind, id: revocation.id, at: revocation.at }));
    },
    subscribe(onRevocation) {
      listeners.add(onRevocation);
      return () => listeners.delete(onRevocation);
    },
    isLive: () => subscribed && subscriber.status === 'ready',
  };
}
