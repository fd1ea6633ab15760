import { AuthError } from '@gatehousejs/core';
import { describe, expect, it } from 'vitest';
import { toTakenError } from '../src/unique-violation.js';

// Shapes copied from what each driver throws; the live servers prove the SQLite, PostgreSQL and
// MariaDB forms end to end, these also pin MySQL 8's "table.index" key name.
describe('toTakenError', () => {
  it.each([
    ['sqlite', { code: 'SQLITE_CONSTRAINT_UNIQUE', message: 'UNIQUE constraint failed: users.email_key' }, 'EMAIL_TAKEN'],
    ['sqlite', { code: 'SQLITE_CONSTRAINT_UNIQUE', message: 'UNIQUE constraint failed: users.username_key' }, 'USERNAME_TAKEN'],
    ['postgres', { code: '23505', constraint: 'users_email_key_unique', message: 'duplicate key' }, 'EMAIL_TAKEN'],
    ['postgres', { code: '23505', constraint: 'users_username_key_unique', message: 'duplicate key' }, 'USERNAME_TAKEN'],
    ['mysql', { errno: 1062, code: 'ER_DUP_ENTRY', message: "Duplicate entry 'a@x.com' for key 'users_email_key_unique'" }, 'EMAIL_TAKEN'],
    [
      'mysql',
      { errno: 1062, code: 'ER_DUP_ENTRY', message: "Duplicate entry 'ada' for key 'users.users_username_key_unique'" },
      'USERNAME_TAKEN',
    ],
  ] as const)('maps a %s duplicate to %j', (dialect, error, code) => {
    const mapped = toTakenError(dialect, error);
    expect(mapped).toBeInstanceOf(AuthError);
    expect(mapped?.code).toBe(code);
    expect(mapped?.message).not.toMatch(/a@x\.com|ada/);
  });

  it.each([
    ['sqlite', { code: 'SQLITE_CONSTRAINT_PRIMARYKEY', message: 'UNIQUE constraint failed: users.id' }],
    ['postgres', { code: '23505', constraint: 'users_pkey', message: 'duplicate key' }],
    ['mysql', { errno: 1062, code: 'ER_DUP_ENTRY', message: "Duplicate entry 'x' for key 'PRIMARY'" }],
    ['postgres', new Error('connection terminated')],
    ['mysql', 'not an error object'],
  ] as const)('leaves any other %s error alone', (dialect, error) => {
    expect(toTakenError(dialect, error)).toBeNull();
  });
});
