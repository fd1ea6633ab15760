import { describe, expect, it } from 'vitest';
import { at, hitTimes, THREE_A_MINUTE, type LimiterUnderTest } from './rate-limiter-fixtures.js';

const AWKWARD_KEYS = [
  "login:o'hara@example.com",
  'login:"quoted"\\back\\slash',
  'login:line\nbreak\r\nand\ttab',
  "'); DROP TABLE rate_limits;--",
  'glob*?[chars]{1}',
  'percent%_underscore',
  'émoji 😀 Ünïcode',
];

/** Key handling and atomicity: what makes a shared limiter safe to share. */
export function describeRateLimiterKeysContract(subject: LimiterUnderTest): void {
  describe('RateLimiter: keys and atomicity', () => {
    it('keeps keys independent: hits and resets on one leave another alone', async () => {
      const limiter = subject.limiter();
      await hitTimes(limiter, 'login:ada@example.com', 4, at(0));
      await hitTimes(limiter, 'login:bob@example.com', 1, at(0));

      expect(await limiter.peek('login:bob@example.com', THREE_A_MINUTE, at(0))).toMatchObject({ allowed: true, count: 1 });
      await limiter.reset('login:bob@example.com');
      expect(await limiter.peek('login:ada@example.com', THREE_A_MINUTE, at(0))).toMatchObject({ allowed: false, count: 4 });
    });

    it('tells apart keys that differ only in case, a trailing space or a prefix', async () => {
      const limiter = subject.limiter();
      const keys = ['client:abc', 'client:ABC', 'client:abc ', 'client:ab', 'client:abc:'];
      for (const [i, key] of keys.entries()) await hitTimes(limiter, key, i + 1, at(0));

      for (const [i, key] of keys.entries()) {
        expect((await limiter.peek(key, THREE_A_MINUTE, at(0))).count, JSON.stringify(key)).toBe(i + 1);
      }
    });

    it('counts twenty parallel hits on one key as 1 to 20, each exactly once', async () => {
      const limiter = subject.limiter();
      const rule = { limit: 5, windowSeconds: 60 };

      const decisions = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('burst', rule, at(0))));
      expect(decisions.map((d) => d.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(
        decisions
          .filter((d) => d.allowed)
          .map((d) => d.count)
          .sort((a, b) => a - b),
      ).toEqual([1, 2, 3, 4, 5]);
      expect((await limiter.peek('burst', rule, at(0))).count).toBe(20);
    });

    it('stores keys with quotes, newlines, glob and SQL text as plain data', async () => {
      const limiter = subject.limiter();
      for (const key of AWKWARD_KEYS) await hitTimes(limiter, key, 2, at(0));

      for (const key of AWKWARD_KEYS) {
        expect((await limiter.peek(key, THREE_A_MINUTE, at(0))).count, JSON.stringify(key)).toBe(2);
      }
      await limiter.reset(AWKWARD_KEYS[0] ?? '');
      expect((await limiter.peek(AWKWARD_KEYS[0] ?? '', THREE_A_MINUTE, at(0))).count).toBe(0);
      expect((await limiter.peek(AWKWARD_KEYS[1] ?? '', THREE_A_MINUTE, at(0))).count).toBe(2);
    });

    it('handles long keys: 200 characters, and a prefix plus a 254-character e-mail and an IPv6 address', async () => {
      const limiter = subject.limiter();
      const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(53)}.example`;
      const long200 = `k${'x'.repeat(199)}`;
      const longer = `login:${email}:2001:0db8:85a3:0000:0000:8a2e:0370:7334`;
      // A key that only differs in its last character must stay a key of its own.
      const sibling = `${long200.slice(0, -1)}y`;

      expect(await hitTimes(limiter, long200, 3, at(0))).toEqual([1, 2, 3]);
      expect(await hitTimes(limiter, longer, 2, at(0))).toEqual([1, 2]);
      expect(await hitTimes(limiter, sibling, 1, at(0))).toEqual([1]);
      expect((await limiter.peek(long200, THREE_A_MINUTE, at(0))).count).toBe(3);
      await limiter.reset(longer);
      expect((await limiter.peek(longer, THREE_A_MINUTE, at(0))).count).toBe(0);
    });
  });
}
