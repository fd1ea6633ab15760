import { describe, expect, it } from 'vitest';
import { expectAuthError } from '../errors/auth-error.test-helpers.js';
import { assertPasswordAcceptable } from './password-policy.js';

const ACCOUNT = { email: 'ada.lovelace@example.com', username: 'countess', firstName: 'Ada', lastName: 'Lovelace' };
const POLICY = { minScore: 3, serviceName: 'Gatehouse' };
const check = (password: string, policy = POLICY) => Promise.resolve().then(() => assertPasswordAcceptable(password, ACCOUNT, policy));

describe('assertPasswordAcceptable (zxcvbn strength estimate)', () => {
  it.each(['Passw0rd!', 'Qwerty123!', 'Summer2024!', 'zzzzzzzzzzzz', 'Gatehouse1', 'password-123', 'lovelace1815!'])(
    'refuses the guessable %j with VALIDATION_FAILED on the password field',
    async (password) => {
      const error = await expectAuthError(check(password), 'VALIDATION_FAILED');
      expect(error.details).toEqual([{ path: 'password', message: expect.stringMatching(/^password is too easy to guess/) }]);
    },
  );

  it.each(['correct horse battery', 'a brand new passphrase', 'q7#Lm2!v wren-quartz'])(
    'accepts %j: length, no composition rules',
    async (password) => {
      await expect(check(password)).resolves.toBeUndefined();
    },
  );

  it('refuses the e-mail address, its local part or the username as the password', async () => {
    for (const password of ['ada.lovelace@example.com', 'Ada.Lovelace', 'COUNTESS']) {
      const error = await expectAuthError(check(password), 'VALIDATION_FAILED');
      expect(error.message).toBe('Validation failed: password must not be your e-mail address or username.');
    }
  });

  it('uses the configured minimum score', async () => {
    await expect(check('Summer2024!', { ...POLICY, minScore: 2 })).resolves.toBeUndefined();
    await expectAuthError(check('correct horse', { ...POLICY, minScore: 4 }), 'VALIDATION_FAILED');
  });

  it('counts the service name as guessable: the same password passes for another service', async () => {
    await expectAuthError(check('Gatehouse2024!'), 'VALIDATION_FAILED');
    await expect(check('Gatehouse2024!', { ...POLICY, serviceName: 'Acme' })).resolves.toBeUndefined();
  });
});
