/** Time is an input. A flow reads `now()` once and passes that instant down. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
