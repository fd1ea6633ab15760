import type { Clock } from '../ports/clock.js';

/** A clock that only moves when told to. */
export interface FakeClock extends Clock {
  advance(seconds: number): void;
  set(date: Date): void;
}

export function createFakeClock(start = new Date('2026-01-01T00:00:00.000Z')): FakeClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(seconds) {
      current += seconds * 1000;
    },
    set(date) {
      current = date.getTime();
    },
  };
}
