import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fake-clock.js';
import { ACCESS_TTL, REFRESH_TTL, USER, epochSeconds, tokenService } from './token-fixtures.test-helpers.js';

const clock = createFakeClock();

/** exp - iat of `count` access tokens, as read back from the signed JWTs. */
async function accessLifetimes(jitter: number, count: number, seed = 1): Promise<number[]> {
  const service = tokenService(jitter, seed);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const { token, iat, exp } = await service.signAccessToken(USER, clock.now());
    const claims = decodeJwt(token);
    expect(claims.iat).toBe(iat);
    expect(claims.exp).toBe(exp);
    out.push(exp - iat);
  }
  return out;
}

describe('token lifetime jitter', () => {
  it('keeps exp - iat within [base, base + jitter] for access tokens', async () => {
    const lifetimes = await accessLifetimes(60, 500);
    for (const lifetime of lifetimes) {
      expect(lifetime).toBeGreaterThanOrEqual(ACCESS_TTL);
      expect(lifetime).toBeLessThanOrEqual(ACCESS_TTL + 60);
    }
    // Tokens issued together must not all expire together.
    expect(new Set(lifetimes).size).toBeGreaterThan(30);
  });

  it('keeps exp - iat within [base, base + jitter] for refresh tokens', async () => {
    const service = tokenService(60);
    const lifetimes = new Set<number>();
    for (let i = 0; i < 300; i++) {
      const { iat, exp } = await service.signRefreshToken({ userId: USER.id, jti: `j${i}`, familyId: 'f' }, clock.now());
      expect(exp - iat).toBeGreaterThanOrEqual(REFRESH_TTL);
      expect(exp - iat).toBeLessThanOrEqual(REFRESH_TTL + 60);
      lifetimes.add(exp - iat);
    }
    expect(lifetimes.size).toBeGreaterThan(30);
  });

  it('reaches both ends of a small jitter: every value of 0..3 occurs', async () => {
    const jitters = new Set((await accessLifetimes(3, 200)).map((l) => l - ACCESS_TTL));
    expect([...jitters].sort()).toEqual([0, 1, 2, 3]);
  });

  it('signs exactly base lifetime when jitter is 0', async () => {
    const lifetimes = await accessLifetimes(0, 50);
    expect(new Set(lifetimes)).toEqual(new Set([ACCESS_TTL]));
  });

  it('stamps iat with the clock it was given, in whole seconds', async () => {
    const service = tokenService(0);
    const now = new Date('2026-03-04T05:06:07.890Z');
    const { iat, exp } = await service.signAccessToken(USER, now);
    expect(iat).toBe(epochSeconds(now));
    expect(exp).toBe(epochSeconds(now) + ACCESS_TTL);
  });

  it('spreads the jitter roughly uniformly (chi-square, seeded)', async () => {
    const jitter = 9;
    const samples = 2000;
    const counts = new Array<number>(jitter + 1).fill(0);
    for (const lifetime of await accessLifetimes(jitter, samples, 99)) counts[lifetime - ACCESS_TTL]!++;
    const expected = samples / (jitter + 1);
    const chiSquare = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // df = 9; the 0.1 % critical value is 27.88. The random source is seeded, so this cannot flake,
    // while a constant or heavily biased jitter would score in the hundreds.
    expect(chiSquare).toBeLessThan(27.88);
  });
});
