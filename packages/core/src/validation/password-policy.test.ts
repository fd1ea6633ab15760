import { describe, expect, it } from 'vitest';
import { expectAuthError } from '../errors/auth-error.test-helpers.js';
import type { BreachedPasswordRanges } from '../ports/breached-passwords.js';
import { assertPasswordAcceptable, type PasswordPolicy } from './password-policy.js';

const ACCOUNT = { email: 'ada.lovelace@example.com', username: 'countess', firstName: 'Ada', lastName: 'Lovelace' };
const POLICY: PasswordPolicy = { minLength: 8, serviceName: 'Gatehouse' };
const check = (password: string, policy = POLICY) => Promise.resolve().then(() => assertPasswordAcceptable(password, ACCOUNT, policy));
const TOO_EASY = /^password is too easy to guess \((.+)\)\. Use a longer passphrase of unrelated words$/;

describe('assertPasswordAcceptable (blocklist, NIST SP 800-63B-4 §3.1.1.2)', () => {
  // The outside attack's list and every password the zxcvbn estimate refused in these tests before.
  it.each([
    ['Passw0rd!', 'common'],
    ['Qwerty123!', 'predictable'],
    ['Summer2024!', 'common'],
    ['password123', 'common'],
    ['password-123', 'common'],
    ['iloveyou!!', 'common'],
    ['zzzzzzzzzzzz', 'predictable'],
    ['abcdefgh1', 'predictable'],
    ['1qaz2wsx!!', 'predictable'],
    ['asdfghjkl', 'predictable'],
    ['monkeymonkey', 'predictable'],
    ['hunter2 hunter2', 'predictable'],
    ['Gatehouse1', 'context'],
    ['Gatehouse2024!', 'context'],
    ['lovelace1815!', 'context'],
    ['AdaLovelace', 'context'],
    ['countess99', 'context'],
    ['example2020', 'context'],
  ])('refuses the guessable %j (%s) with VALIDATION_FAILED on the password field', async (password, kind) => {
    const error = await expectAuthError(check(password), 'VALIDATION_FAILED');
    expect(error.details).toEqual([{ path: 'password', message: expect.stringMatching(TOO_EASY) }]);
    const reason = TOO_EASY.exec(error.details![0]!.message)![1];
    expect(reason).toMatch({ common: /commonly used/, predictable: /repeats, sequences/, context: /your name/ }[kind]!);
  });

  it('folds look-alikes and case, so variants of a listed password are refused alike', async () => {
    for (const password of ['P@SSW0RD', 'pa$$word!', 'PASS-WORD-1', 'Dr4g0n2020'])
      await expectAuthError(check(password), 'VALIDATION_FAILED');
  });

  it.each(['correct horse battery', 'a brand new passphrase', 'q7#Lm2!v wren-quartz', 'universal machine 1936', 'adamant granite lake'])(
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

  it('counts the length in code points against the configured minimum', async () => {
    const error = await expectAuthError(check('correct horse', { ...POLICY, minLength: 15 }), 'VALIDATION_FAILED');
    expect(error.details).toEqual([{ path: 'password', message: 'password must be at least 15 characters' }]);
    await expect(check('correct horse b', { ...POLICY, minLength: 15 })).resolves.toBeUndefined();
    // Eight emoji are 16 UTF-16 units but eight characters to the person who typed them.
    await expectAuthError(check('🔐🐎🔋📎🦆🌵🎻🧭', { ...POLICY, minLength: 9 }), 'VALIDATION_FAILED');
    await expect(check('🔐🐎🔋📎🦆🌵🎻🧭', { ...POLICY, minLength: 8 })).resolves.toBeUndefined();
  });

  it('counts the service name as guessable: the same password passes for another service', async () => {
    await expectAuthError(check('Gatehouse2024!'), 'VALIDATION_FAILED');
    await expect(check('Gatehouse2024!', { ...POLICY, serviceName: 'Acme' })).resolves.toBeUndefined();
  });

  it('costs a fraction of a millisecond once the list is loaded: a thousand checks in well under a second', async () => {
    await check('warm up the list');
    const started = performance.now();
    for (let i = 0; i < 1000; i++) await check(`q7#Lm2!v wren-quartz ${i}`);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('assertPasswordAcceptable with a breach corpus (k-anonymity)', () => {
  /** A corpus that records the prefixes it was asked for and knows `breached` (SHA-1 of "correct horse battery"). */
  function corpus(answer: (prefix: string) => Promise<ReadonlyMap<string, number>>): BreachedPasswordRanges & { asked: string[] } {
    const asked: string[] = [];
    return {
      asked,
      findRange: (prefix) => {
        asked.push(prefix);
        return answer(prefix);
      },
    };
  }
  const sha1 = async (text: string) =>
    Array.from(new Uint8Array(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text))), (b) => b.toString(16).padStart(2, '0'))
      .join('')
      .toUpperCase();

  it('refuses a password seen in a breach, handing out only the first five hex digits of its SHA-1', async () => {
    const hash = await sha1('correct horse battery');
    const breaches = corpus(async () => new Map([[hash.slice(5), 42]]));
    const error = await expectAuthError(
      assertPasswordAcceptable('correct horse battery', ACCOUNT, POLICY, { breaches }),
      'VALIDATION_FAILED',
    );
    expect(error.details).toEqual([
      { path: 'password', message: expect.stringMatching(/too easy to guess \(it has appeared in a data breach\)/) },
    ]);
    expect(breaches.asked).toEqual([hash.slice(0, 5)]);
  });

  it('accepts a password whose suffix is only a padding entry (count 0) or absent', async () => {
    const hash = await sha1('correct horse battery');
    const breaches = corpus(async () => new Map([[hash.slice(5), 0]]));
    await expect(assertPasswordAcceptable('correct horse battery', ACCOUNT, POLICY, { breaches })).resolves.toBeUndefined();
    await expect(assertPasswordAcceptable('a brand new passphrase', ACCOUNT, POLICY, { breaches })).resolves.toBeUndefined();
  });

  it('fails open when the corpus cannot be asked, and says so without the password', async () => {
    const failures: unknown[] = [];
    const breaches = corpus(() => Promise.reject(new Error('connect ECONNREFUSED')));
    await expect(
      assertPasswordAcceptable('correct horse battery', ACCOUNT, POLICY, { breaches, onBreachCheckFailed: (e) => failures.push(e) }),
    ).resolves.toBeUndefined();
    expect(failures).toHaveLength(1);
    expect(String(failures[0])).not.toContain('correct horse battery');
  });

  it('does not ask the corpus about a password the blocklist already refused', async () => {
    const breaches = corpus(async () => new Map());
    await expectAuthError(assertPasswordAcceptable('Passw0rd!', ACCOUNT, POLICY, { breaches }), 'VALIDATION_FAILED');
    expect(breaches.asked).toEqual([]);
  });
});

describe('assertPasswordAcceptable: what is stripped before the lookup', () => {
  it.each(['dragon 8#4%7-29&6', '93&1#7-0% monkey'])(
    'keeps a long random tail or head, so %j is judged whole and accepted',
    async (password) => {
      await expect(check(password)).resolves.toBeUndefined();
    },
  );

  it.each(['dragon19561023', 'monkey123456789', 'football!!!!!!!', '2024password'])(
    'strips a date, a sequence or a repeat around a listed word: refuses %j',
    async (password) => {
      await expectAuthError(check(password), 'VALIDATION_FAILED');
    },
  );
});
