import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword } from './index.js';

describe('isCommonPassword', () => {
  it('holds at least the 10,000 most common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  });

  it('finds well-known breached passwords, case-insensitively', () => {
    for (const password of ['password', '12345678', 'qwertyuiop', 'iloveyou', 'Password', 'QWERTYUIOP']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('lets a long random passphrase through', () => {
    expect(isCommonPassword('violet kettle under seven moons')).toBe(false);
    expect(isCommonPassword('')).toBe(false);
  });
});
