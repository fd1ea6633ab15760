import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthError } from '../errors/auth-error.js';
import { createSeededRandom } from '../testing/seeded-random.js';
import { ACCESS_TOKEN_TYPE } from './token-claims.js';
import {
  ACCESS_SECRET,
  ACCESS_TTL,
  REFRESH_SECRET,
  REFRESH_TTL,
  USER,
  atSecond,
  epochSeconds,
  expectAuthError,
  secretBytes,
  tokenService,
} from './token-fixtures.test-helpers.js';
import { createTokenService } from './token-service.js';
import { accessTokenCacheSetting, createVerifiedTokenCache, type VerifiedEntry } from './verified-token-cache.js';

const NOW = new Date('2026-01-01T00:00:00.000Z');
const T = epochSeconds(NOW);

const entry = (expiresAt: number, notBefore?: number): VerifiedEntry<string> => ({ payload: 'p', expiresAt, notBefore });

describe('verified-token cache (least recently used, by second chance)', () => {
  it('keeps at most maxEntries, evicting the least recently used', () => {
    const cache = createVerifiedTokenCache<string>(2);
    cache.set('a', entry(T + 60));
    cache.set('b', entry(T + 60));
    expect(cache.get('a', T)).toBeDefined(); // a is now the most recent
    cache.set('c', entry(T + 60));
    expect(cache.size).toBe(2);
    expect(cache.get('b', T)).toBeUndefined();
    expect(cache.get('a', T)).toBeDefined();
    expect(cache.get('c', T)).toBeDefined();
  });

  it('keeps the entry it just added when every older entry was used, evicting the one used longest ago', () => {
    const cache = createVerifiedTokenCache<string>(2);
    cache.set('a', entry(T + 60));
    cache.set('b', entry(T + 60));
    expect(cache.get('a', T)).toBeDefined();
    expect(cache.get('b', T)).toBeDefined();
    cache.set('c', entry(T + 60));
    expect(cache.size).toBe(2);
    expect(cache.get('c', T)).toBeDefined();
    expect(cache.get('a', T)).toBeUndefined();
    expect(cache.get('b', T)).toBeDefined();
  });

  it('stays within maxEntries under a stream of new tokens mixed with hits', () => {
    const cache = createVerifiedTokenCache<string>(50);
    for (let i = 0; i < 1000; i++) {
      cache.set(`t${i}`, entry(T + 60));
      if (i % 3 === 0) cache.get(`t${Math.floor(i / 2)}`, T);
      expect(cache.size).toBeLessThanOrEqual(50);
    }
    expect(cache.get('t999', T)).toBeDefined();
  });

  it('answers until one second before exp and drops the entry at exp', () => {
    const cache = createVerifiedTokenCache<string>(10);
    cache.set('a', entry(T + 60));
    expect(cache.get('a', T + 59)).toBeDefined();
    expect(cache.get('a', T + 60)).toBeUndefined();
    expect(cache.size).toBe(0);
    // Once dropped it stays dropped, even for an earlier instant.
    expect(cache.get('a', T)).toBeUndefined();
  });

  // The length of an HS256 signature in base64url: the cache looks tokens up by it.
  const SIGNATURE = 'Q'.repeat(42) + 'w';

  it('answers only for the exact token, not for another string ending in the same signature', () => {
    const cache = createVerifiedTokenCache<string>(10);
    const token = `header.payload.${SIGNATURE}`;
    cache.set(token, entry(T + 60));
    for (const lookAlike of [`header.PAYLOAD.${SIGNATURE}`, `x${token}`, `payload.${SIGNATURE}`, SIGNATURE, `.${SIGNATURE}`, `${token}=`]) {
      expect(cache.get(lookAlike, T)).toBeUndefined();
    }
    // A look-alike's miss leaves the genuine entry in place.
    expect(cache.get(token, T)).toBeDefined();
    expect(cache.size).toBe(1);
  });

  it('keeps one entry per signature: the newer token replaces the older, which then misses', () => {
    const cache = createVerifiedTokenCache<string>(10);
    cache.set(`a.b.${SIGNATURE}`, entry(T + 60));
    cache.set(`c.d.${SIGNATURE}`, entry(T + 60));
    expect(cache.size).toBe(1);
    expect(cache.get(`a.b.${SIGNATURE}`, T)).toBeUndefined();
    expect(cache.get(`c.d.${SIGNATURE}`, T)).toBeDefined();
  });

  it('tells apart tokens that differ only outside their signatures, or only inside them', () => {
    const cache = createVerifiedTokenCache<string>(10);
    const other = `${SIGNATURE.slice(0, -1)}A`;
    cache.set(`h.p.${SIGNATURE}`, entry(T + 60));
    cache.set(`h.p.${other}`, entry(T + 30));
    expect(cache.get(`h.p.${SIGNATURE}`, T)?.expiresAt).toBe(T + 60);
    expect(cache.get(`h.p.${other}`, T)?.expiresAt).toBe(T + 30);
  });

  it('does not answer before nbf (a clock that went back)', () => {
    const cache = createVerifiedTokenCache<string>(10);
    cache.set('a', entry(T + 60, T));
    expect(cache.get('a', T - 1)).toBeUndefined();
  });
});

describe('token service with the verified-token cache', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Counts the HMAC checks jose makes, i.e. the verifications that were not answered from the cache. */
  const countSignatureChecks = () => vi.spyOn(globalThis.crypto.subtle, 'verify');

  it('checks the signature of a token once, then answers from the cache', async () => {
    const service = tokenService(0, 1, 'verified-token cache on');
    const { token } = await service.signAccessToken(USER, NOW);
    const checks = countSignatureChecks();
    for (let i = 0; i < 3; i++) await expect(service.verifyAccessToken(token, NOW)).resolves.toMatchObject({ id: USER.id });
    expect(checks).toHaveBeenCalledTimes(1);
  });

  it('checks the signature every time when the cache is off', async () => {
    const service = tokenService(0, 1, 'verified-token cache off');
    const { token } = await service.signAccessToken(USER, NOW);
    const checks = countSignatureChecks();
    for (let i = 0; i < 3; i++) await service.verifyAccessToken(token, NOW);
    expect(checks).toHaveBeenCalledTimes(3);
  });

  it('refuses a cached token at exp with TOKEN_EXPIRED, without checking its signature again', async () => {
    const service = tokenService(0, 1, 'verified-token cache on');
    const { token, exp } = await service.signAccessToken(USER, NOW);
    await service.verifyAccessToken(token, NOW);
    await expect(service.verifyAccessToken(token, atSecond(exp - 1))).resolves.toMatchObject({ exp });
    await expectAuthError(service.verifyAccessToken(token, atSecond(exp)), 'TOKEN_EXPIRED');
    expect(exp).toBe(T + ACCESS_TTL);
  });

  it('refuses a cached token with nbf again once the clock is before nbf', async () => {
    const service = tokenService(0, 1, 'verified-token cache on');
    const token = await new SignJWT({ id: USER.id, sub: USER.id, email: USER.email, roles: ['user'] })
      .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE })
      .setIssuedAt(T)
      .setNotBefore(T)
      .setExpirationTime(T + 600)
      .sign(secretBytes(ACCESS_SECRET));
    await expect(service.verifyAccessToken(token, NOW)).resolves.toMatchObject({ id: USER.id });
    await expectAuthError(service.verifyAccessToken(token, atSecond(T - 1)), 'TOKEN_INVALID');
  });

  it('caches only successes: a refused token is checked in full every time', async () => {
    const service = tokenService(0, 1, 'verified-token cache on');
    const { token } = await service.signAccessToken(USER, NOW);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const checks = countSignatureChecks();
    await expectAuthError(service.verifyAccessToken(tampered, NOW), 'TOKEN_INVALID');
    await expectAuthError(service.verifyAccessToken(tampered, NOW), 'TOKEN_INVALID');
    expect(checks).toHaveBeenCalledTimes(2);
  });

  it('evicts the least recently used token past maxEntries', async () => {
    const service = createTokenService(
      {
        accessTokenSecret: ACCESS_SECRET,
        refreshTokenSecret: REFRESH_SECRET,
        accessTokenTtl: ACCESS_TTL,
        refreshTokenTtl: REFRESH_TTL,
        jitterSeconds: 0,
      },
      createSeededRandom(1),
      { accessTokenCache: { maxEntries: 2 } },
    );
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((id) => service.signAccessToken({ ...USER, id }, NOW)));
    const checks = countSignatureChecks();
    for (const { token } of [a!, b!, c!]) await service.verifyAccessToken(token, NOW);
    expect(checks).toHaveBeenCalledTimes(3);
    await service.verifyAccessToken(c!.token, NOW); // cached
    await service.verifyAccessToken(a!.token, NOW); // evicted by c
    expect(checks).toHaveBeenCalledTimes(4);
  });

  it('hands out copies: changing a returned payload does not change the next one', async () => {
    const service = tokenService(0, 1, 'verified-token cache on');
    const { token } = await service.signAccessToken(USER, NOW);
    const first = await service.verifyAccessToken(token, NOW);
    first.roles.push('super');
    first.email = 'mallory@example.com';
    expect(await service.verifyAccessToken(token, NOW)).toMatchObject({ email: USER.email, roles: ['user', 'manager'] });
  });

  it.each([0, -1, 1.5, 1_000_001, Number.NaN])('refuses maxEntries %s with INVALID_CONFIG naming the setting', (maxEntries) => {
    const create = () =>
      createTokenService(
        { accessTokenSecret: ACCESS_SECRET, refreshTokenSecret: REFRESH_SECRET, accessTokenTtl: 60, refreshTokenTtl: 60, jitterSeconds: 0 },
        createSeededRandom(1),
        { accessTokenCache: { maxEntries } },
      );
    expect(create).toThrow(AuthError);
    expect(create).toThrow('accessTokenCache.maxEntries');
  });
});

describe('createAuth’s cache setting', () => {
  it('is on with 10 000 entries unless told otherwise', () => {
    expect(accessTokenCacheSetting(undefined, { checkTokenVersion: false })).toEqual({ maxEntries: 10_000 });
    expect(accessTokenCacheSetting({ maxEntries: 50 }, { checkTokenVersion: false })).toEqual({ maxEntries: 50 });
  });

  it('is off when the app turns it off', () => {
    expect(accessTokenCacheSetting(false, { checkTokenVersion: false })).toBe(false);
  });

  it('is off while per-request revocation is on, whatever the app asked', () => {
    expect(accessTokenCacheSetting(undefined, { checkTokenVersion: true })).toBe(false);
    expect(accessTokenCacheSetting({ maxEntries: 50 }, { checkTokenVersion: true })).toBe(false);
  });
});
