import { ROLES } from '../roles/roles.js';
import { roleInputsFor } from './role-inputs.js';
import { describe, expect, it } from 'vitest';
import { AuthError } from '../errors/auth-error.js';
import {
  forgotPasswordInput,
  loginInput,
  parseInput,
  refreshInput,
  registerInput,
  resetPasswordInput,
  verifyEmailInput,
} from './input-schemas.js';

const validRegister = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada.l_1-x',
  email: 'ada@example.com',
  password: 'correct horse',
  confirmPassword: 'correct horse',
};

/** Runs parseInput expecting VALIDATION_FAILED and returns the error. */
function rejection(schema: Parameters<typeof parseInput>[0], input: unknown): AuthError {
  try {
    parseInput(schema, input);
  } catch (error) {
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).code).toBe('VALIDATION_FAILED');
    return error as AuthError;
  }
  throw new Error('expected parseInput to throw');
}

/** The distinct paths that failed, in order (one field may fail several rules). */
const failingPaths = (schema: Parameters<typeof parseInput>[0], input: unknown) => [
  ...new Set(rejection(schema, input).details?.map((d) => d.path)),
];

/** An address of exactly `length` characters. */
const emailOfLength = (length: number) => `${'a'.repeat(64)}@${'b'.repeat(length - 64 - 1 - 4)}.com`;

describe('register input', () => {
  it('accepts a valid body', () => {
    expect(parseInput(registerInput, validRegister)).toEqual(validRegister);
  });

  it('trims and lower-cases the e-mail', () => {
    expect(parseInput(registerInput, { ...validRegister, email: '  Ada.Lovelace@Example.COM ' }).email).toBe('ada.lovelace@example.com');
  });

  it('accepts an e-mail of 254 characters and rejects one of 255', () => {
    expect(emailOfLength(254)).toHaveLength(254);
    expect(parseInput(registerInput, { ...validRegister, email: emailOfLength(254) }).email).toHaveLength(254);
    expect(failingPaths(registerInput, { ...validRegister, email: emailOfLength(255) })).toEqual(['email']);
  });

  it.each(['not-an-email', 'a@', '@example.com', 'a b@example.com', ''])('rejects the e-mail %j', (email) => {
    expect(failingPaths(registerInput, { ...validRegister, email })).toEqual(['email']);
  });

  it.each(['abc', 'A_b.c-9', 'x'.repeat(32)])('accepts the username %j', (username) => {
    expect(parseInput(registerInput, { ...validRegister, username }).username).toBe(username);
  });

  it('trims the username before checking it', () => {
    expect(parseInput(registerInput, { ...validRegister, username: '  ada  ' }).username).toBe('ada');
  });

  it('keeps the case of the username', () => {
    expect(parseInput(registerInput, { ...validRegister, username: 'AdaL' }).username).toBe('AdaL');
  });

  it.each(['ab', 'x'.repeat(33), 'ada lovelace', 'ada@home', 'ädä', 'ada/1', ''])('rejects the username %j', (username) => {
    expect(failingPaths(registerInput, { ...validRegister, username })).toEqual(['username']);
  });

  it('trims names and accepts 1 to 100 characters', () => {
    const parsed = parseInput(registerInput, { ...validRegister, firstName: '  A ', lastName: 'L'.repeat(100) });
    expect(parsed.firstName).toBe('A');
    expect(parsed.lastName).toHaveLength(100);
  });

  it.each([
    ['an empty first name', { firstName: '' }, 'firstName'],
    ['a blank first name', { firstName: '   ' }, 'firstName'],
    ['a last name of 101 characters', { lastName: 'L'.repeat(101) }, 'lastName'],
  ])('rejects %s', (_, change, path) => {
    expect(failingPaths(registerInput, { ...validRegister, ...change })).toEqual([path]);
  });

  it('accepts passwords of 8 and of 128 characters', () => {
    for (const password of ['p'.repeat(8), 'p'.repeat(128)]) {
      expect(parseInput(registerInput, { ...validRegister, password, confirmPassword: password }).password).toBe(password);
    }
  });

  it('rejects a password of 7 characters', () => {
    const error = rejection(registerInput, { ...validRegister, password: 'p'.repeat(7), confirmPassword: 'p'.repeat(7) });
    expect(error.details).toEqual([{ path: 'password', message: 'password must be at least 8 characters' }]);
  });

  it('rejects an over-long password (and confirmation) before any hashing', () => {
    const long = 'p'.repeat(129);
    expect(failingPaths(registerInput, { ...validRegister, password: long, confirmPassword: long })).toEqual([
      'password',
      'confirmPassword',
    ]);
    expect(failingPaths(registerInput, { ...validRegister, password: 'p'.repeat(100_000) })).toEqual(['password']);
  });

  it('counts password length in code points after NFKC, and hands on the NFKC form (NIST SP 800-63B-4 §3.1.1.2)', () => {
    const parse = (password: string) => parseInput(registerInput, { ...validRegister, password, confirmPassword: password }).password;
    // Eight emoji: 16 UTF-16 units, 8 characters. 128 of them are allowed, 129 are not.
    expect(parse('🔐'.repeat(8))).toBe('🔐'.repeat(8));
    expect(parse('🔐'.repeat(128))).toBe('🔐'.repeat(128));
    expect(failingPaths(registerInput, { ...validRegister, password: '🔐'.repeat(129), confirmPassword: 'x' })).toEqual(['password']);
    // Full-width letters and ligatures become their plain forms; four ligatures are eight letters.
    expect(parse('ｃｏｒｒｅｃｔ ｈｏｒｓｅ')).toBe('correct horse');
    expect(parse('ﬁﬂﬁﬂ')).toBe('fiflfifl');
    // A letter and its combining accent compose: 8 code points typed, 4 after NFKC, too short.
    expect(failingPaths(registerInput, { ...validRegister, password: 'e\u0301'.repeat(4), confirmPassword: 'x' })).toEqual(['password']);
  });

  it('normalises the confirmation like the password, so the same text typed two ways matches', () => {
    const parsed = parseInput(registerInput, { ...validRegister, password: 'ｃｏｒｒｅｃｔ ｈｏｒｓｅ', confirmPassword: 'correct horse' });
    expect(parsed.confirmPassword).toBe(parsed.password);
  });

  it('ignores unknown fields such as roles, isActive and id', () => {
    const parsed = parseInput(registerInput, {
      ...validRegister,
      roles: ['super'],
      isActive: true,
      id: 'chosen-id',
      __proto__: { admin: true },
    });
    expect(parsed).toEqual(validRegister);
    expect(Object.keys(parsed).sort()).toEqual(['confirmPassword', 'email', 'firstName', 'lastName', 'password', 'username']);
  });

  it('reports every missing field with its path', () => {
    const error = rejection(registerInput, {});
    expect(error.details).toEqual([
      { path: 'firstName', message: 'firstName is required' },
      { path: 'lastName', message: 'lastName is required' },
      { path: 'username', message: 'username is required' },
      { path: 'email', message: 'email is required' },
      { path: 'password', message: 'password is required' },
      { path: 'confirmPassword', message: 'confirmPassword is required' },
    ]);
    expect(error.message).toBe('Validation failed: firstName is required.');
  });

  it('reports a field of the wrong type as such, not as missing', () => {
    expect(rejection(registerInput, { ...validRegister, username: 42 }).details).toEqual([
      { path: 'username', message: 'username must be a string' },
    ]);
    expect(rejection(registerInput, { ...validRegister, email: null }).details).toEqual([
      { path: 'email', message: 'email must be a string' },
    ]);
  });

  it('never echoes the rejected input in the error', () => {
    const error = rejection(registerInput, { ...validRegister, email: 'secret-address-no-at-sign', password: 'short' });
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toMatch(/secret-address|short"/);
  });
});

describe('non-object bodies', () => {
  it.each([
    ['a string', 'hello'],
    ['a number', 42],
    ['an array', [validRegister]],
    ['true', true],
  ])('rejects %s with VALIDATION_FAILED and a details list', (_, body) => {
    const error = rejection(registerInput, body);
    expect(error.message).toBe('The request body must be a JSON object.');
    expect(error.details).toEqual([{ path: '', message: 'must be an object' }]);
  });

  it('treats a missing body (null or undefined) as an empty object', () => {
    expect(failingPaths(loginInput, null)).toEqual(['email', 'password']);
    expect(failingPaths(loginInput, undefined)).toEqual(['email', 'password']);
  });
});

describe('other inputs', () => {
  it('normalizes the login e-mail but does not apply password rules at login', () => {
    expect(parseInput(loginInput, { email: ' Ada@Example.com', password: 'x' })).toEqual({ email: 'ada@example.com', password: 'x' });
  });

  it('rejects an over-long login password and e-mail before hashing', () => {
    expect(failingPaths(loginInput, { email: 'a@b.co', password: 'p'.repeat(129) })).toEqual(['password']);
    expect(failingPaths(loginInput, { email: emailOfLength(255), password: 'x' })).toEqual(['email']);
  });

  it('normalizes the forgot-password e-mail and validates its syntax', () => {
    expect(parseInput(forgotPasswordInput, { email: 'ADA@example.com ' })).toEqual({ email: 'ada@example.com' });
    expect(failingPaths(forgotPasswordInput, { email: 'nope' })).toEqual(['email']);
  });

  it('applies the password rules to a reset', () => {
    expect(failingPaths(resetPasswordInput, { token: 't', password: 'short', confirmPassword: 'short' })).toEqual(['password']);
    expect(parseInput(resetPasswordInput, { token: 't', password: 'long enough', confirmPassword: 'x' })).toEqual({
      token: 't',
      password: 'long enough',
      confirmPassword: 'x',
    });
  });

  it('requires a non-empty, bounded opaque token', () => {
    expect(failingPaths(refreshInput, { refreshToken: '' })).toEqual(['refreshToken']);
    expect(failingPaths(verifyEmailInput, { token: 'x'.repeat(4097) })).toEqual(['token']);
    expect(failingPaths(verifyEmailInput, {})).toEqual(['token']);
    expect(parseInput(verifyEmailInput, { token: 'x'.repeat(43) }).token).toHaveLength(43);
  });

  it('accepts only roles of the enum, each failing entry by index', () => {
    const setRolesInput = roleInputsFor(ROLES).setRoles;
    expect(parseInput(setRolesInput, { roles: ['admin', 'user'] })).toEqual({ roles: ['admin', 'user'] });
    expect(parseInput(setRolesInput, { roles: [] })).toEqual({ roles: [] });
    expect(failingPaths(setRolesInput, { roles: ['user', 'root', 'Admin'] })).toEqual(['roles.1', 'roles.2']);
    expect(rejection(setRolesInput, { roles: 'admin' }).details).toEqual([{ path: 'roles', message: 'roles must be an array' }]);
  });
});
