export { createRedisRateLimiter } from './create-redis-rate-limiter.js';
export type { RedisRateLimiterOptions } from './create-redis-rate-limiter.js';
export { createRedisRevocationFeed } from './create-redis-revocation-feed.js';
export type { RedisRevocationFeedOptions } from './create-redis-revocation-feed.js';
