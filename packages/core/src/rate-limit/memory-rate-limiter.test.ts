import { describe, expect, it } from 'vitest';
import { describeRateLimiterContract } from '../testing/index.js';
import { createMemoryRateLimiter } from './memory-rate-limiter.js';

describeRateLimiterContract('memory rate limiter', async () => ({ limiter: createMemoryRateLimiter() }));

describe('memory rate limiter', () => {
  it('keeps separate instances apart: counts are per process and per limiter', async () => {
    const rule = { limit: 1, windowSeconds: 60 };
    const now = new Date('2026-03-01T12:00:00.000Z');
    const one = createMemoryRateLimiter();
    const other = createMemoryRateLimiter();

    await one.hit('k', rule, now);
    expect(await other.hit('k', rule, now)).toMatchObject({ allowed: true, count: 1 });
  });
});
