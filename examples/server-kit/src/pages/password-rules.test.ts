import { createAuth, isAuthError } from '@gatehousejs/core';
import { createFakeHasher } from '@gatehousejs/core/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { describe, expect, it } from 'vitest';
import { checkNewPassword } from './assets/password-rules.js';

// The reset page checks the two passwords in the browser before it posts them. It must say what the
// API would say: this runs each case through core's reset flow and compares.
const auth = createAuth({
  config: { accessTokenSecret: 'a'.repeat(40), refreshTokenSecret: 'b'.repeat(40) },
  store: createMemoryStore(),
  mailer: { send: async () => {} },
  hasher: createFakeHasher(),
});

async function apiAnswer(password: string, confirmPassword: string) {
  try {
    await auth.resetPassword({ token: 'not-a-real-token', password, confirmPassword });
    throw new Error('the reset flow accepted an unknown token');
  } catch (error) {
    if (!isAuthError(error)) throw error;
    // An unknown token is the next thing checked: the passwords themselves passed.
    if (error.code === 'ONE_TIME_TOKEN_INVALID') return undefined;
    return { message: error.message, details: error.details?.map((d) => ({ path: d.path, message: d.message })) };
  }
}

// Passwords that no breach list holds, so only the rules under test can refuse them.
const phrase = (length: number) => 'q7#Lm2!v wren-quartz '.repeat(10).slice(0, length);

const CASES: Array<[string, string, string]> = [
  ['empty', '', ''],
  ['seven characters', phrase(7), phrase(7)],
  ['eight characters', phrase(8), phrase(8)],
  ['128 characters', phrase(128), phrase(128)],
  ['129 characters', phrase(129), phrase(129)],
  ['a short password and an over-long repeat', 'short', phrase(129)],
  ['a repeat that differs', phrase(20), `${phrase(19)}X`],
  ['a short password that also differs', 'short', 'other'],
  // Counted in code points after NFKC: eight emoji are 16 UTF-16 units but eight characters.
  ['eight emoji', '🔐🐎🔋📎🦆🌵🎻🧭', '🔐🐎🔋📎🦆🌵🎻🧭'],
  ['seven emoji', '🔐🐎🔋📎🦆🌵🎻', '🔐🐎🔋📎🦆🌵🎻'],
  ['four ligatures that NFKC makes eight letters', 'ﬁﬂﬁﬂ', 'ﬁﬂﬁﬂ'],
  ['the same phrase typed full-width and plain', 'ｑ７＃Ｌｍ２！ｖ wren-quartz', 'q7#Lm2!v wren-quartz'],
];

describe('checkNewPassword', () => {
  it.each(CASES)('says what the API says for %s', async (_name, password, confirmPassword) => {
    expect(checkNewPassword(password, confirmPassword)).toEqual(await apiAnswer(password, confirmPassword));
  });

  it('is not vacuous: the API refuses most of these cases', async () => {
    const refused = await Promise.all(CASES.map(([, p, c]) => apiAnswer(p, c)));
    expect(refused.filter(Boolean).length).toBe(7);
  });
});
