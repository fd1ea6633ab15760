import { AuthError } from '@gatehousejs/core';
import type { SqlDialectName } from './sql-dialect.js';

type Taken = 'EMAIL_TAKEN' | 'USERNAME_TAKEN' | 'IDENTITY_IN_USE';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Which key a driver error says was duplicated, read the way each driver reports it:
 * - SQLite (better-sqlite3): code `SQLITE_CONSTRAINT_UNIQUE`, message `UNIQUE constraint failed: users.email_key`;
 * - PostgreSQL (pg): code `23505`, `constraint` = the index name;
 * - MySQL/MariaDB (mysql2): errno 1062 `ER_DUP_ENTRY`, message `... for key 'users_email_key_unique'`
 *   (MySQL 8 writes `'users.users_email_key_unique'`).
 */
function duplicatedKey(dialect: SqlDialectName, error: unknown): Taken | null {
  if (!isRecord(error)) return null;
  const message = typeof error.message === 'string' ? error.message : '';
  switch (dialect) {
    case 'sqlite':
      if (error.code !== 'SQLITE_CONSTRAINT_UNIQUE') return null;
      if (message.includes('users.email_key')) return 'EMAIL_TAKEN';
      if (message.includes('user_identities.')) return 'IDENTITY_IN_USE';
      return message.includes('users.username_key') ? 'USERNAME_TAKEN' : null;
    case 'postgres':
      if (error.code !== '23505') return null;
      if (error.constraint === 'users_email_key_unique') return 'EMAIL_TAKEN';
      if (typeof error.constraint === 'string' && error.constraint.startsWith('user_identities_')) return 'IDENTITY_IN_USE';
      return error.constraint === 'users_username_key_unique' ? 'USERNAME_TAKEN' : null;
    case 'mysql':
      if (error.errno !== 1062 && error.code !== 'ER_DUP_ENTRY') return null;
      if (/users_email_key_unique'/.test(message)) return 'EMAIL_TAKEN';
      if (/user_identities_(subject|user_provider)_unique'/.test(message)) return 'IDENTITY_IN_USE';
      return /users_username_key_unique'/.test(message) ? 'USERNAME_TAKEN' : null;
  }
}

/**
 * The `AuthError` for a duplicate e-mail, username or linked identity, or null when `error` is anything else (a
 * duplicate id, say, which is a bug to surface as it is). Messages never echo the value.
 */
export function toTakenError(dialect: SqlDialectName, error: unknown): AuthError | null {
  switch (duplicatedKey(dialect, error)) {
    case 'EMAIL_TAKEN':
      return new AuthError('EMAIL_TAKEN');
    case 'USERNAME_TAKEN':
      return new AuthError('USERNAME_TAKEN');
    case 'IDENTITY_IN_USE':
      return new AuthError('IDENTITY_IN_USE');
    default:
      return null;
  }
}
