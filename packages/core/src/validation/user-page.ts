import { z } from 'zod';

/** A whole number brought into `[min, max]`; a missing or non-finite one means `fallback`. */
const clamped = (fallback: number, min: number, max: number) =>
  z
    .number()
    .catch(fallback)
    .transform((n) => (Number.isFinite(n) ? Math.min(Math.max(Math.trunc(n), min), max) : fallback));

/**
 * `listUsers` paging, from the app's code rather than from a request: out-of-range numbers are
 * brought into range (at most 500 users a page, 100 by default) instead of refused.
 */
export const userPage = z.object({
  limit: clamped(100, 1, 500),
  offset: clamped(0, 0, Number.MAX_SAFE_INTEGER),
});
