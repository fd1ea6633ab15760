export { createRedisRateLimiter } from './create-redis-rate-limiter.js';
export type { RedisRateLimiterOptions } from './create-redis-rate-limiter.js';
