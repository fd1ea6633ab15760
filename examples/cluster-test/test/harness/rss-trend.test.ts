import { describe, expect, it } from 'vitest';
import { RSS_LEAK_MIB_PER_MINUTE, rssTrend } from './checks.js';

const every2s = (mib: (i: number) => number, count = 20) => Array.from({ length: count }, (_, i) => [i * 2000, mib(i)] as const);

describe("rssTrend: the soak's memory check", () => {
  it('calls a steady climb above the threshold a leak, with its slope in MiB per minute', () => {
    // 1 MiB every 2 s is 30 MiB a minute.
    const trend = rssTrend(every2s((i) => 150 + i + (i % 2) * 0.5));
    expect(trend.mibPerMinute).toBeCloseTo(30, 0);
    expect(trend.r2).toBeGreaterThan(0.9);
    expect(trend.leaking).toBe(true);
  });

  it('does not call a flat series with a garbage collector saw-tooth a leak', () => {
    const trend = rssTrend(every2s((i) => 200 + ((i * 7) % 5) * 6 - (i % 4 === 3 ? 20 : 0)));
    expect(trend.leaking).toBe(false);
  });

  it('does not call a slow climb below the threshold a leak, however straight', () => {
    const trend = rssTrend(every2s((i) => 180 + i * (RSS_LEAK_MIB_PER_MINUTE / 2 / 30)));
    expect(trend.r2).toBeGreaterThan(0.99);
    expect(trend.leaking).toBe(false);
  });

  it('does not call a heap step that levels off a leak, though the whole line climbs (seen in a CI soak)', () => {
    const seen = [190, 190, 192, 195, 195, 195, 196, 198, 202, 206, 213, 220, 213, 213, 213, 217, 213, 213, 213, 213, 213];
    const trend = rssTrend(seen.map((mib, i) => [20_000 + i * 2000, mib] as const));
    expect(trend.mibPerMinute).toBeGreaterThan(RSS_LEAK_MIB_PER_MINUTE);
    expect(trend.r2).toBeGreaterThan(0.7);
    expect(trend.thirdsMibPerMinute[2]).toBeLessThan(RSS_LEAK_MIB_PER_MINUTE);
    expect(trend.leaking).toBe(false);
  });

  it('does not call a late step a leak: flat, then one rise at the end (seen in a soak on a busy machine)', () => {
    const seen = [272, 272, 272, 272, 272, 273, 273, 273, 273, 273, 273, 273, 273, 275, 283, 293, 297, 312, 314, 322, 325];
    const trend = rssTrend(seen.map((mib, i) => [20_000 + i * 2000, mib] as const));
    expect(trend.thirdsMibPerMinute[2]).toBeGreaterThan(RSS_LEAK_MIB_PER_MINUTE);
    expect(trend.thirdsMibPerMinute[0]).toBeLessThan(RSS_LEAK_MIB_PER_MINUTE);
    expect(trend.leaking).toBe(false);
  });

  it('does not call a step in the middle a leak, though the line explains it well (same run)', () => {
    const seen = [190, 190, 190, 191, 191, 191, 191, 191, 199, 206, 212, 215, 211, 211, 211, 211, 211];
    const trend = rssTrend(seen.map((mib, i) => [20_000 + i * 2000, mib] as const));
    expect(trend.mibPerMinute).toBeGreaterThan(RSS_LEAK_MIB_PER_MINUTE);
    expect(trend.r2).toBeGreaterThan(0.7);
    expect(trend.leaking).toBe(false);
  });

  it('does not call a climb through the later two thirds a leak when the first stayed flat (a full run, Hono instance)', () => {
    const seen = [202, 203, 203, 204, 203, 203, 205, 206, 208, 212, 220, 222, 230, 236, 242, 249, 256];
    const trend = rssTrend(seen.map((mib, i) => [20_000 + i * 2000, mib] as const));
    expect(trend.r2).toBeGreaterThan(0.7);
    expect(trend.thirdsMibPerMinute[0]).toBeLessThan(RSS_LEAK_MIB_PER_MINUTE);
    expect(trend.leaking).toBe(false);
  });
});
