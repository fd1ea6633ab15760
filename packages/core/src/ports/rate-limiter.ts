import type { DependencyCheck } from './dependency-check.js';

/** At most `limit` hits per key within a window of `windowSeconds`, counted from the window's first hit. */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  /** True when this hit (or, for `peek`, the next one) stays within the limit. */
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Whole seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Counts hits per key in fixed windows that start at a key's first hit. Shared implementations (SQL,
 * Redis) let several server instances share one count. `hit` must be atomic: two parallel hits on
 * one key count as two.
 */
export interface RateLimiter {
  /** Counts one hit on `key` and tells whether it is within `rule`. */
  hit(key: string, rule: RateLimitRule, now: Date): Promise<RateLimitDecision>;
  /** Whether one more hit on `key` would be within `rule`, without counting it. */
  peek(key: string, rule: RateLimitRule, now: Date): Promise<RateLimitDecision>;
  /** Forgets every hit on `key` (failed logins, after a successful one). */
  reset(key: string): Promise<void>;
  /**
   * Takes back one hit of the current window (never below zero; nothing if the window has ended):
   * for an attempt counted before work that a failing dependency then prevented, so an outage does
   * not lock anyone out. Optional: a limiter without it keeps such hits.
   */
  release?(key: string, now: Date): Promise<void>;
  /**
   * Optional housekeeping for limiters whose ended windows stay stored (SQL): deletes the windows
   * that ended at or before `now` and returns how many. Memory and Redis expire them on their own.
   */
  deleteEndedWindows?(now: Date): Promise<number>;
  /**
   * The outside service the counts live in, for `auth.checkReadiness()` (Redis: `redis`, one
   * `PING`). Absent for counts in memory, and for counts in the store's own database, which the
   * store's check covers.
   */
  readonly dependency?: DependencyCheck;
}
