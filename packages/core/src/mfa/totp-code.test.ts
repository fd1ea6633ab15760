import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { codeForStep, matchingTimeStep, otpauthUri, timeStepOf, toBase32Secret } from './totp-code.js';

// RFC 6238 Appendix B: the SHA-1 seed is the ASCII string "12345678901234567890". The RFC prints
// 8-digit codes; a 6-digit code is the same HOTP value mod 10^6, i.e. its last six digits.
const RFC_SEED = toBase32Secret(new TextEncoder().encode('12345678901234567890'));
const RFC_VECTORS: Array<[seconds: number, eightDigits: string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP codes', () => {
  it.each(RFC_VECTORS)('matches RFC 6238 Appendix B (SHA-1) at T=%i', (seconds, eightDigits) => {
    const now = new Date(seconds * 1000);
    expect(codeForStep(RFC_SEED, timeStepOf(now))).toBe(eightDigits.slice(2));
    expect(matchingTimeStep(RFC_SEED, eightDigits.slice(2), now)).toBe(Math.floor(seconds / 30));
  });

  it("agrees with Debian's oathtool on a random secret at fixed instants", () => {
    const secret = toBase32Secret(globalThis.crypto.getRandomValues(new Uint8Array(20)));
    for (const iso of ['2026-03-01T12:00:00Z', '2026-03-01T12:00:29Z', '2031-07-15T08:14:45Z']) {
      const fromOathtool = execFileSync('oathtool', ['--totp', '-b', secret, '-N', iso.replace('T', ' ').replace('Z', ' UTC')], {
        encoding: 'utf8',
      }).trim();
      expect(fromOathtool).toMatch(/^\d{6}$/);
      const now = new Date(iso);
      expect(codeForStep(secret, timeStepOf(now))).toBe(fromOathtool);
      expect(matchingTimeStep(secret, fromOathtool, now)).toBe(timeStepOf(now));
    }
  });

  it('accepts the codes of one step either side and nothing further', () => {
    const now = new Date('2026-03-01T12:00:10Z');
    const step = timeStepOf(now);
    expect(matchingTimeStep(RFC_SEED, codeForStep(RFC_SEED, step - 1), now)).toBe(step - 1);
    expect(matchingTimeStep(RFC_SEED, codeForStep(RFC_SEED, step + 1), now)).toBe(step + 1);
    expect(matchingTimeStep(RFC_SEED, codeForStep(RFC_SEED, step - 2), now)).toBeNull();
    expect(matchingTimeStep(RFC_SEED, codeForStep(RFC_SEED, step + 2), now)).toBeNull();
    expect(matchingTimeStep(RFC_SEED, '12345', now)).toBeNull();
  });

  it('accepts only the current step with no drift allowed (ASVS 5.0 6.5.5)', () => {
    const now = new Date('2026-03-01T12:00:10Z');
    const step = timeStepOf(now);
    expect(matchingTimeStep(RFC_SEED, codeForStep(RFC_SEED, step), now, 0)).toBe(step);
    expect(matchingTimeStep(RFC_SEED, codeForStep(RFC_SEED, step - 1), now, 0)).toBeNull();
    expect(matchingTimeStep(RFC_SEED, codeForStep(RFC_SEED, step + 1), now, 0)).toBeNull();
  });

  it('writes the otpauth URI apps expect: issuer, label, SHA1, 6 digits, 30 s', () => {
    const uri = new URL(otpauthUri(RFC_SEED, 'Acme Corp', 'ada@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Acme Corp:ada@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Acme Corp',
      secret: RFC_SEED,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
