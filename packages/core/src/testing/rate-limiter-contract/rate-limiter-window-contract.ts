import { describe, expect, it } from 'vitest';
import { at, hitTimes, THREE_A_MINUTE, type LimiterUnderTest } from './rate-limiter-fixtures.js';

const WINDOW_MS = THREE_A_MINUTE.windowSeconds * 1000;

/** Counting, the limit boundary, `peek`, the fixed window and `retryAfterSeconds`. */
export function describeRateLimiterWindowContract(subject: LimiterUnderTest): void {
  describe('RateLimiter: counting in fixed windows', () => {
    it('counts each hit on a key, starting at one', async () => {
      const limiter = subject.limiter();

      const first = await limiter.hit('login:ada', THREE_A_MINUTE, at(0));
      expect(first).toEqual({ allowed: true, count: 1, retryAfterSeconds: 60 });
      expect(await hitTimes(limiter, 'login:ada', 2, at(0))).toEqual([2, 3]);
    });

    it('allows the limit-th hit, refuses the next and keeps counting refused hits', async () => {
      const limiter = subject.limiter();
      await hitTimes(limiter, 'k', 2, at(0));

      expect(await limiter.hit('k', THREE_A_MINUTE, at(0))).toMatchObject({ allowed: true, count: 3 });
      expect(await limiter.hit('k', THREE_A_MINUTE, at(0))).toMatchObject({ allowed: false, count: 4 });
      expect(await limiter.hit('k', THREE_A_MINUTE, at(0))).toMatchObject({ allowed: false, count: 5 });
    });

    it('peeks without counting: allowed while the count is below the limit', async () => {
      const limiter = subject.limiter();
      await hitTimes(limiter, 'k', 2, at(0));

      expect(await limiter.peek('k', THREE_A_MINUTE, at(0))).toEqual({ allowed: true, count: 2, retryAfterSeconds: 60 });
      expect(await limiter.peek('k', THREE_A_MINUTE, at(0))).toEqual({ allowed: true, count: 2, retryAfterSeconds: 60 });
      expect(await limiter.hit('k', THREE_A_MINUTE, at(0))).toMatchObject({ allowed: true, count: 3 });
      expect(await limiter.peek('k', THREE_A_MINUTE, at(0))).toMatchObject({ allowed: false, count: 3 });
    });

    it('peeks at an unknown key as no hits and a whole window to go, and starts nothing', async () => {
      const limiter = subject.limiter();

      expect(await limiter.peek('never-hit', THREE_A_MINUTE, at(0))).toEqual({ allowed: true, count: 0, retryAfterSeconds: 60 });
      // A peek opened no window: a first hit 50 s later still gets a whole window.
      expect(await limiter.hit('never-hit', THREE_A_MINUTE, at(50_000))).toEqual({ allowed: true, count: 1, retryAfterSeconds: 60 });
    });

    it('starts a new window at exactly the window end, not a millisecond before', async () => {
      const limiter = subject.limiter();
      await hitTimes(limiter, 'k', 4, at(0));

      expect(await limiter.hit('k', THREE_A_MINUTE, at(WINDOW_MS - 1))).toMatchObject({ allowed: false, count: 5 });
      expect(await limiter.peek('k', THREE_A_MINUTE, at(WINDOW_MS))).toEqual({ allowed: true, count: 0, retryAfterSeconds: 60 });
      expect(await limiter.hit('k', THREE_A_MINUTE, at(WINDOW_MS))).toEqual({ allowed: true, count: 1, retryAfterSeconds: 60 });
      expect(await limiter.hit('k', THREE_A_MINUTE, at(WINDOW_MS + 1))).toMatchObject({ allowed: true, count: 2 });
    });

    it('times the window from its first hit: later hits do not extend it', async () => {
      const limiter = subject.limiter();
      await limiter.hit('k', THREE_A_MINUTE, at(0));
      await limiter.hit('k', THREE_A_MINUTE, at(30_000));
      await limiter.hit('k', THREE_A_MINUTE, at(59_000));

      expect(await limiter.hit('k', THREE_A_MINUTE, at(59_999))).toMatchObject({ allowed: false, count: 4 });
      expect(await limiter.hit('k', THREE_A_MINUTE, at(60_000))).toMatchObject({ allowed: true, count: 1 });
    });

    it('answers retryAfterSeconds as the whole seconds left in the window, rounded up, at least 1', async () => {
      const limiter = subject.limiter();
      await limiter.hit('k', THREE_A_MINUTE, at(0));

      expect((await limiter.hit('k', THREE_A_MINUTE, at(1))).retryAfterSeconds).toBe(60);
      expect((await limiter.peek('k', THREE_A_MINUTE, at(30_500))).retryAfterSeconds).toBe(30);
      expect((await limiter.hit('k', THREE_A_MINUTE, at(59_000))).retryAfterSeconds).toBe(1);
      expect((await limiter.hit('k', THREE_A_MINUTE, at(59_999))).retryAfterSeconds).toBe(1);
      expect((await limiter.peek('k', THREE_A_MINUTE, at(59_999))).retryAfterSeconds).toBe(1);
    });

    it('forgets every hit on a key on reset, and resets an unknown key quietly', async () => {
      const limiter = subject.limiter();
      await hitTimes(limiter, 'k', 5, at(0));

      await expect(limiter.reset('k')).resolves.toBeUndefined();
      expect(await limiter.peek('k', THREE_A_MINUTE, at(1_000))).toEqual({ allowed: true, count: 0, retryAfterSeconds: 60 });
      expect(await limiter.hit('k', THREE_A_MINUTE, at(1_000))).toEqual({ allowed: true, count: 1, retryAfterSeconds: 60 });
      await expect(limiter.reset('unknown')).resolves.toBeUndefined();
    });

    it('takes back one hit on release, never below zero, and nothing once the window has ended', async () => {
      const limiter = subject.limiter();
      // Optional in the port; every limiter Gatehouse ships has it.
      expect(limiter.release).toBeTypeOf('function');
      await hitTimes(limiter, 'k', 3, at(0));
      await limiter.release!('k', at(1_000));
      expect((await limiter.peek('k', THREE_A_MINUTE, at(1_000))).count).toBe(2);
      expect((await limiter.hit('k', THREE_A_MINUTE, at(1_000))).count).toBe(3);
      for (let i = 0; i < 5; i++) await limiter.release!('k', at(2_000));
      expect((await limiter.peek('k', THREE_A_MINUTE, at(2_000))).count).toBe(0);
      await limiter.release!('unknown', at(2_000));
      expect((await limiter.peek('unknown', THREE_A_MINUTE, at(2_000))).count).toBe(0);
      // A release after the window ended leaves the next window's first hit at one.
      await limiter.release!('k', at(WINDOW_MS + 1));
      expect((await limiter.hit('k', THREE_A_MINUTE, at(WINDOW_MS + 1))).count).toBe(1);
    });
  });
}
