import type { RateLimiter, RateLimitRule } from '../../ports/rate-limiter.js';

/** What each contract test sees: the fresh limiter of the running test. */
export interface LimiterUnderTest {
  limiter(): RateLimiter;
}

// A fixed instant with a non-zero millisecond part; tests pass explicit instants, never the real clock.
const BASE_MS = Date.parse('2026-03-01T12:00:00.123Z');

/** An explicit instant `offsetMs` after the fixed base. */
export function at(offsetMs: number): Date {
  return new Date(BASE_MS + offsetMs);
}

/** Three hits a minute: small enough to cross, long enough that no real time passing matters. */
export const THREE_A_MINUTE: RateLimitRule = Object.freeze({ limit: 3, windowSeconds: 60 });

/** Hits `key` `times` times one after another at `now` and returns the counts reported. */
export async function hitTimes(limiter: RateLimiter, key: string, times: number, now: Date, rule = THREE_A_MINUTE): Promise<number[]> {
  const counts: number[] = [];
  for (let i = 0; i < times; i++) counts.push((await limiter.hit(key, rule, now)).count);
  return counts;
}
