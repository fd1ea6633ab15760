import { describe, expect, it } from 'vitest';
import { LIVE_HEAP_LEAK_MB_PER_MINUTE, liveHeapTrend, snapshotCollections } from './live-heap.js';

// Lines as node --trace-gc wrote them (cut after the part that is read): a soak's instance, one of
// its worker threads, a heap snapshot's two full collections, and another process.
const LOG = [
  '{"level":"info","message":"listening"}',
  '[24113:0x37d51bc0]    33104 ms: Mark-Compact (reduce) 28.3 (44.8) -> 26.2 (29.1) MB, 16.78 / 0.05 ms',
  '[24113:0x7fbc3c000f00]    33724 ms: Mark-Compact 39.0 (59.7) -> 27.1 (41.7) MB, 16.89 / 0.00 ms',
  '[24113:0x37d51bc0]    33800 ms: Scavenge 30.1 (33.0) -> 28.0 (33.0) MB, 1.2 / 0.0 ms',
  '[24113:0x37d51bc0]    41937 ms: Mark-Compact (reduce) 34.9 (48.0) -> 27.2 (35.7) MB, 4.81 / 0.00 ms  (average mu = 1.000, current mu = 1.000) heap profiler; GC in old space requested',
  '[24113:0x37d51bc0]    41941 ms: Mark-Compact (reduce) 27.2 (35.7) -> 27.0 (35.7) MB, 3.36 / 0.00 ms  (average mu = 0.010, current mu = 0.010) heap profiler; GC in old space requested',
  '[31000:0x11111111]    5000 ms: Mark-Compact (reduce) 90.0 (99.0) -> 80.0 (99.0) MB, 4.14 / 0.07 ms heap profiler; GC in old space requested',
].join('\n');

describe('the live heap from --trace-gc', () => {
  it("reads the full collections of one process's heap snapshots, not V8's own or another process's", () => {
    expect(snapshotCollections(LOG, 24113)).toEqual([
      { atMs: 41937, liveMb: 27.2 },
      { atMs: 41941, liveMb: 27 },
    ]);
    expect(snapshotCollections(LOG, 4242)).toEqual([]);
  });

  it('calls a live heap that stays no leak, and one that keeps what it allocates a leak', () => {
    const flat = liveHeapTrend({ atMs: 20_000, liveMb: 26.9 }, { atMs: 60_000, liveMb: 27.7 });
    expect(flat.mbPerMinute).toBeCloseTo(1.2, 5);
    expect(flat.leaking).toBe(false);
    const growing = liveHeapTrend({ atMs: 20_000, liveMb: 27 }, { atMs: 60_000, liveMb: 43 });
    expect(growing.mbPerMinute).toBeCloseTo(24, 5);
    expect(growing.mbPerMinute).toBeGreaterThan(LIVE_HEAP_LEAK_MB_PER_MINUTE);
    expect(growing.leaking).toBe(true);
  });
});
