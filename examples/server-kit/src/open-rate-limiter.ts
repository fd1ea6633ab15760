import { createMemoryRateLimiter, type AuthStore, type RateLimiter } from '@gatehouse/core';
import type { ServerSettings } from './env-config.js';
import type { Logger } from './logger.js';

export interface RateLimiterSetup {
  limiter: RateLimiter;
  description: string;
  close(): Promise<void>;
}

/**
 * Where the rate-limit counts live (`RATE_LIMIT_STORE`): in this process's memory for now; a
 * shared store (Redis, or the SQL database) makes several instances share one count.
 */
export async function openRateLimiter(settings: ServerSettings, _store: AuthStore, log: Logger): Promise<RateLimiterSetup> {
  if (settings.rateLimitStore === 'redis' || settings.rateLimitStore === 'database') {
    log.warn('this build keeps rate-limit counts in memory', { requested: settings.rateLimitStore });
  }
  return { limiter: createMemoryRateLimiter(), description: 'memory', close: async () => {} };
}
