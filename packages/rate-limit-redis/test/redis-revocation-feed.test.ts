import { randomBytes } from 'node:crypto';
import { createAuth } from '@gatehousejs/core';
import { createFakeHasher } from '@gatehousejs/core/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisRevocationFeed } from '../src/index.js';

const REQUIRED = process.env.GATEHOUSE_REQUIRE_DATABASES === '1';
const REDIS_URL = process.env.GATEHOUSE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// A channel per run: parallel runs on one server never hear each other.
const CHANNEL = `gatehouse:test:${randomBytes(6).toString('hex')}:revocations`;
const PASSWORD = 'correct horse battery staple';

async function reachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 1, retryStrategy: () => null });
  probe.on('error', () => {});
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

const up = await reachable();
if (!up && REQUIRED) throw new Error(`Redis at ${REDIS_URL} is not reachable, and GATEHOUSE_REQUIRE_DATABASES=1 demands it`);
if (!up) console.warn(`Redis at ${REDIS_URL} is not reachable: the revocation feed tests are skipped`);

describe.skipIf(!up)('createRedisRevocationFeed', () => {
  const connections: Redis[] = [];
  const connect = () => {
    const redis = new Redis(REDIS_URL);
    connections.push(redis);
    return redis;
  };
  afterAll(() => {
    for (const redis of connections) redis.disconnect();
  });

  /** An instance of the app: its own store (so only Redis can tell it of a revocation), the shared secrets. */
  function instance() {
    const publisher = connect();
    const feed = createRedisRevocationFeed({ publisher, subscriber: connect(), channel: CHANNEL });
    const store = createMemoryStore();
    const auth = createAuth({
      config: { accessTokenSecret: 'a'.repeat(32), refreshTokenSecret: 'b'.repeat(32) },
      store,
      mailer: { send: async () => {} },
      hasher: createFakeHasher(),
      // The store is never read in time: a refusal within the second comes through Redis.
      revocation: { feed, pollIntervalMs: 60_000 },
    });
    return { auth, feed };
  }

  it('refuses on another instance, within a second, the access token of a session ended on the first', async () => {
    const first = instance();
    const second = instance();
    try {
      await expect.poll(() => first.feed.isLive() && second.feed.isLive(), { timeout: 2_000 }).toBe(true);
      const body = {
        firstName: 'Ada',
        lastName: 'L',
        username: 'ada_feed',
        email: 'ada-feed@example.com',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      };
      const registered = await first.auth.register(body);
      const laptop = await first.auth.login({ email: body.email, password: PASSWORD });
      await expect(second.auth.verifyAccessToken(registered.accessToken)).resolves.toHaveProperty('id', registered.user.id);

      const caller = await first.auth.verifyAccessToken(laptop.accessToken);
      await first.auth.endOtherSessions(caller);
      await expect
        .poll(
          () =>
            second.auth.verifyAccessToken(registered.accessToken).then(
              () => 'accepted',
              (error: { code?: string }) => error.code,
            ),
          {
            timeout: 1_000,
            interval: 20,
          },
        )
        .toBe('TOKEN_INVALID');
      // The session that ended nothing stays accepted on both.
      await expect(second.auth.verifyAccessToken(laptop.accessToken)).resolves.toHaveProperty('sid', caller.sid);
    } finally {
      first.auth.close();
      second.auth.close();
    }
  });

  it('ignores messages on its channel that are not revocations', async () => {
    const { feed, auth } = instance();
    const heard: unknown[] = [];
    const stop = feed.subscribe((revocation) => heard.push(revocation));
    try {
      await expect.poll(() => feed.isLive(), { timeout: 2_000 }).toBe(true);
      const publisher = connect();
      for (const message of ['not json', '{"kind":"everyone","id":"x","at":1}', '{"kind":"user","id":"","at":1}']) {
        await publisher.publish(CHANNEL, message);
      }
      await feed.publish({ kind: 'user', id: 'u-1', at: 1_000 });
      await expect.poll(() => heard.length, { timeout: 1_000 }).toBe(1);
      expect(heard).toEqual([{ kind: 'user', id: 'u-1', at: 1_000 }]);
    } finally {
      stop();
      auth.close();
    }
  });
});
