import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '../testing/seeded-random.js';
import { generateRecoveryCodes, hashRecoveryCode, normalizeRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes.js';

describe('recovery codes', () => {
  it('come ten at a time as six groups of four Crockford base32 characters (120 bits), all different', () => {
    const codes = generateRecoveryCodes(createSeededRandom(7));
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){5}$/);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
  });

  it('hash the same whatever the case, spacing, hyphen or look-alike letters typed', async () => {
    expect(normalizeRecoveryCode(' K7P2M-X9QRT ')).toBe('k7p2mx9qrt');
    expect(normalizeRecoveryCode('oIl0')).toBe('0110');
    expect(await hashRecoveryCode('u1', 'K7P2M X9QRT')).toBe(await hashRecoveryCode('u1', 'k7p2m-x9qrt'));
  });

  it("hash differently for another user, so one user's code is nothing to another", async () => {
    const hash = await hashRecoveryCode('u1', 'k7p2m-x9qrt');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await hashRecoveryCode('u2', 'k7p2m-x9qrt')).not.toBe(hash);
  });
});
