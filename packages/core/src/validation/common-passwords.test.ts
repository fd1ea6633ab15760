import { describe, expect, it } from 'vitest';
import { commonPasswords } from './common-passwords.js';
import { COMMON_PASSWORDS_LIST } from './common-passwords-list.js';
import { indexForm } from './guessable-forms.js';

describe('the shipped common-password list', () => {
  const entries = COMMON_PASSWORDS_LIST.split('\n');

  // The list is stored already indexed; if the folding changes, these lookups break until it is
  // regenerated (scripts/build-common-passwords.mjs).
  it.each(['123456', 'password', '12345678', 'qwerty', '1qaz2wsx', 'iloveyou', 'letmein', 'football', 'trustno1', 'p@ssw0rd'])(
    'holds %j in the form the current folding gives it',
    async (password) => {
      expect((await commonPasswords()).has(indexForm(password))).toBe(true);
    },
  );

  it('starts with the most common passwords and holds no duplicates', () => {
    expect(entries.slice(0, 4)).toEqual([indexForm('123456'), 'password', indexForm('12345678'), 'qwerty']);
    expect(new Set(entries).size).toBe(entries.length);
    expect(entries.length).toBeGreaterThan(40_000);
  });

  it('adds the seasons and months, and loads once', async () => {
    const list = await commonPasswords();
    for (const word of ['summer', 'winter', 'autumn', 'december']) expect(list.has(indexForm(word))).toBe(true);
    expect(await commonPasswords()).toBe(list);
  });
});
