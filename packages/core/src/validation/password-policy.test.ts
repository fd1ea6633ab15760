import { describe, expect, it } from 'vitest';
import type { AuthError } from '../errors/auth-error.js';
import { expectAuthError } from '../errors/auth-error.test-helpers.js';
import type { PasswordHasher } from '../ports/password-hasher.js';
import { createFakeHasher } from '../testing/fake-hasher.js';
import { assertPasswordAcceptable } from './password-policy.js';
import { estimatePasswordStrength } from './password-strength.js';

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

describe('assertPasswordAcceptable with a hasher that estimates (a worker pool)', () => {
  /** Core's own estimate behind the port, as a pool's worker runs it, recording what it was asked. */
  function estimatingHasher(): PasswordHasher & { asked: string[][] } {
    const asked: string[][] = [];
    return {
      ...createFakeHasher(),
      asked,
      async estimatePasswordStrength(password, userInputs) {
        asked.push([password, ...userInputs]);
        return estimatePasswordStrength(password, userInputs);
      },
    };
  }

  /** What a check ends in: accepted, or the refusal's whole body. */
  const outcome = (run: Promise<void>) =>
    run.then(
      () => 'accepted',
      (error: AuthError) => ({ code: error.code, message: error.message, details: error.details }),
    );

  it('gives the verdict and the error body of the estimate on the calling thread, for every password', async () => {
    const hasher = estimatingHasher();
    const passwords = ['Passw0rd!', 'Summer2024!', 'Gatehouse1', 'lovelace1815!', 'correct horse battery', 'q7#Lm2!v wren-quartz'];
    for (const password of passwords) {
      const here = await outcome(assertPasswordAcceptable(password, ACCOUNT, POLICY));
      const there = await outcome(assertPasswordAcceptable(password, ACCOUNT, POLICY, hasher));
      expect(there).toEqual(here);
    }
    expect(hasher.asked.map(([password]) => password)).toEqual(passwords);
    // The account's own words go with the password, so the worker knows what the attacker knows.
    expect(hasher.asked[0]).toEqual(expect.arrayContaining(['ada.lovelace@example.com', 'lovelace', 'countess', 'gatehouse']));
  });

  it('refuses the e-mail address as the password without asking the hasher', async () => {
    const hasher = estimatingHasher();
    await expectAuthError(
      Promise.resolve().then(() => assertPasswordAcceptable('ada.lovelace@example.com', ACCOUNT, POLICY, hasher)),
      'VALIDATION_FAILED',
    );
    expect(hasher.asked).toEqual([]);
  });
});
