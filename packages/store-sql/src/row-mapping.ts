import { ROLES } from '@gatehousejs/core';
import type { UserRecord } from '@gatehousejs/core/ports';
import type { Insertable, Selectable } from 'kysely';
import type { UsersTable } from './schema/database-schema.js';

export type UserRow = Selectable<UsersTable>;

/** Timestamps are stored as integer epoch milliseconds: exact on every dialect, no time zone. */
export function toEpochMillis(date: Date): number {
  return date.getTime();
}

export function fromEpochMillis(value: number | string | bigint): Date {
  return new Date(Number(value));
}

export function fromNullableEpochMillis(value: number | string | bigint | null): Date | null {
  return value === null ? null : fromEpochMillis(value);
}

/** The lower-cased form that the unique indexes compare (CONTRACT §5: case-insensitive). */
export function uniqueKey(value: string): string {
  return value.toLowerCase();
}

/**
 * Roles as a set in one stable order, the same as the memory store's: the spec's four in the order
 * of `ROLES`, then any other role the app configured, by code unit (not the database's collation).
 */
export function canonicalRoles(roles: readonly string[]): string[] {
  const unique = [...new Set(roles)];
  const rank = (role: string) => {
    const index = (ROLES as readonly string[]).indexOf(role);
    return index === -1 ? ROLES.length : index;
  };
  return unique.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** `users.email_key` of an account without an address: unique per user, equal to no address's key. */
export const noEmailKey = (userId: string) => `!${userId}`;

/** The row to insert for a new user. */
export function toUserRow(user: UserRecord): Insertable<UsersTable> {
  return {
    id: user.id,
    email: user.email ?? '',
    email_key: user.email === null ? noEmailKey(user.id) : uniqueKey(user.email),
    username: user.username,
    username_key: uniqueKey(user.username),
    first_name: user.firstName,
    last_name: user.lastName,
    password_hash: user.passwordHash ?? '',
    is_active: user.isActive ? 1 : 0,
    created_at: toEpochMillis(user.createdAt),
    updated_at: toEpochMillis(user.updatedAt),
    email_verified_at: user.emailVerifiedAt ? toEpochMillis(user.emailVerifiedAt) : null,
    password_changed_at: user.passwordChangedAt ? toEpochMillis(user.passwordChangedAt) : null,
    last_login_at: user.lastLoginAt ? toEpochMillis(user.lastLoginAt) : null,
    token_version: user.tokenVersion,
    disabled_at: user.disabledAt ? toEpochMillis(user.disabledAt) : null,
  };
}

/** A stored row and its roles back into the port's record. */
export function fromUserRow(row: UserRow, roles: readonly string[]): UserRecord {
  return {
    id: row.id,
    email: row.email === '' ? null : row.email,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    passwordHash: row.password_hash === '' ? null : row.password_hash,
    isActive: Number(row.is_active) === 1,
    roles: canonicalRoles(roles),
    createdAt: fromEpochMillis(row.created_at),
    updatedAt: fromEpochMillis(row.updated_at),
    emailVerifiedAt: fromNullableEpochMillis(row.email_verified_at),
    passwordChangedAt: fromNullableEpochMillis(row.password_changed_at),
    lastLoginAt: fromNullableEpochMillis(row.last_login_at),
    tokenVersion: Number(row.token_version),
    disabledAt: fromNullableEpochMillis(row.disabled_at ?? null),
  };
}
