/**
 * The live JavaScript heap of an instance, read from the lines `node --trace-gc` writes to its log:
 * after the full collections V8 makes before a heap snapshot (the instance takes one on SIGUSR2),
 * what is left is what the program still holds, so a leak in JavaScript shows as a rise between two
 * of them. A minute is too short to wait for V8's own major collections (a soak saw none in 40 s).
 * RSS cannot tell: the garbage of other isolates (the hasher's threads, the password-strength
 * thread) and the allocator's arenas move it by tens of MiB for a minute and come back (a soak saw
 * a 109 MB strength-thread heap collected to 27 MB while the main heap stayed at 26–28 MB, and
 * another's RSS climb 55 MiB along a straight line with no major collection at all).
 */

/** A full collection of the main isolate: when (ms since the process started) and the heap it left, in MB. */
export interface MajorCollection {
  atMs: number;
  liveMb: number;
}

/** `[pid:isolate]   1234 ms: Kind …`, as V8 writes every collection with `--trace-gc`. */
const GC_LINE = /^\[(\d+):(0x[0-9a-f]+)\]\s+(\d+) ms: (Scavenge|Mark-Compact|Mark-sweep|Minor Mark-Compact|Minor Mark-Sweep)\b(.*)$/;
/** What a Mark-Compact line says of the heap: `before (committed) -> after (committed) MB`. */
const HEAP_AFTER = /[\d.]+ \([\d.]+\) -> ([\d.]+) \(/;

/** The full collections V8 made of process `pid`'s main isolate for a heap snapshot (`heap profiler` in the line), in order. */
export function snapshotCollections(log: string, pid: number): MajorCollection[] {
  const collections: MajorCollection[] = [];
  for (const line of log.split('\n')) {
    const match = GC_LINE.exec(line);
    if (!match || Number(match[1]) !== pid || match[4] !== 'Mark-Compact' || !line.includes('heap profiler')) continue;
    const after = HEAP_AFTER.exec(match[5]!);
    if (after) collections.push({ atMs: Number(match[3]), liveMb: Number(after[1]) });
  }
  return collections;
}

/** The live heap rising faster than this, per minute, between two full collections, is a leak. */
export const LIVE_HEAP_LEAK_MB_PER_MINUTE = 10;

/** The live heap's change per minute from one full collection to a later one, and whether that is a leak. */
export function liveHeapTrend(first: MajorCollection, last: MajorCollection): { mbPerMinute: number; leaking: boolean } {
  const minutes = (last.atMs - first.atMs) / 60_000;
  const mbPerMinute = minutes > 0 ? (last.liveMb - first.liveMb) / minutes : 0;
  return { mbPerMinute, leaking: mbPerMinute > LIVE_HEAP_LEAK_MB_PER_MINUTE };
}
