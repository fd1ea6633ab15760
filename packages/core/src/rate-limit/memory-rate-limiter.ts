import type { RateLimitDecision, RateLimiter, RateLimitRule } from '../ports/rate-limiter.js';

interface Window {
  count: number;
  endsAt: number;
}

/** Counts above this many keys trigger a sweep of ended windows, so memory stays bounded. */
const SWEEP_THRESHOLD = 10_000;

function decide(window: Window | undefined, rule: RateLimitRule, nowMs: number, counted: boolean): RateLimitDecision {
  const count = window?.count ?? 0;
  const endsAt = window?.endsAt ?? nowMs + rule.windowSeconds * 1000;
  return {
    allowed: counted ? count <= rule.limit : count < rule.limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((endsAt - nowMs) / 1000)),
  };
}

/**
 * A rate limiter for one process. Atomic by construction (no await between read and write). Use the
 * SQL or Redis limiter when several instances must share one count.
 *
 * @example
 * const auth = createAuth({ ..., rateLimiter: createMemoryRateLimiter() });
 */
export function createMemoryRateLimiter(): RateLimiter {
  const windows = new Map<string, Window>();

  const current = (key: string, nowMs: number): Window | undefined => {
    const window = windows.get(key);
    if (window && window.endsAt <= nowMs) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };

  const sweep = (nowMs: number) => {
    if (windows.size < SWEEP_THRESHOLD) return;
    for (const [key, window] of windows) if (window.endsAt <= nowMs) windows.delete(key);
  };

  return {
    async hit(key, rule, now) {
      const nowMs = now.getTime();
      sweep(nowMs);
      const window = current(key, nowMs) ?? { count: 0, endsAt: nowMs + rule.windowSeconds * 1000 };
      window.count += 1;
      windows.set(key, window);
      return decide(window, rule, nowMs, true);
    },
    async peek(key, rule, now) {
      return decide(current(key, now.getTime()), rule, now.getTime(), false);
    },
    async reset(key) {
      windows.delete(key);
    },
    async release(key, now) {
      const window = current(key, now.getTime());
      if (window && window.count > 0) window.count -= 1;
    },
  };
}
