import { createSeededRandom } from '../testing/seeded-random.js';
import { createTokenService, type TokenService } from './token-service.js';

export const ACCESS_SECRET = 'access-secret-for-tests-0123456789abcdef';
export const REFRESH_SECRET = 'refresh-secret-for-tests-0123456789abcdef';
export const ACCESS_TTL = 3600;
export const REFRESH_TTL = 7 * 86_400;

export const USER = Object.freeze({
  id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  email: 'ada@example.com',
  roles: Object.freeze(['user', 'manager'] as const),
});

/** Every verification test runs twice: both paths must accept and refuse exactly the same tokens. */
export const CACHE_MODES = ['verified-token cache off', 'verified-token cache on'] as const;
export type CacheMode = (typeof CACHE_MODES)[number];

export function tokenService(jitterSeconds = 0, seed = 1, cache: CacheMode = 'verified-token cache off'): TokenService {
  return createTokenService(
    {
      accessTokenSecret: ACCESS_SECRET,
      refreshTokenSecret: REFRESH_SECRET,
      accessTokenTtl: ACCESS_TTL,
      refreshTokenTtl: REFRESH_TTL,
      jitterSeconds,
    },
    createSeededRandom(seed),
    { accessTokenCache: cache === 'verified-token cache on' ? { maxEntries: 100 } : false },
  );
}

export const secretBytes = (secret: string) => new TextEncoder().encode(secret);

export const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export const atSecond = (seconds: number) => new Date(seconds * 1000);

export { expectAuthError } from '../errors/auth-error.test-helpers.js';
