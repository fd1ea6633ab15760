import { expect } from 'vitest';
import { AuthError } from '../../errors/auth-error.js';
import type { AuthErrorCode } from '../../errors/auth-error.js';
import type { AuthStore } from '../../ports/auth-store.js';
import type { OneTimeTokenPurpose, OneTimeTokenRecord } from '../../ports/one-time-token-store.js';
import type { RefreshTokenRecord } from '../../ports/refresh-token-store.js';
import type { UserRecord } from '../../ports/user-store.js';

/** What each contract test sees: the fresh store of the running test. */
export interface StoreUnderTest {
  store(): AuthStore;
  /** Tells the harness the test closed the store itself, so it is not closed twice. */
  markClosed(): void;
}

// A fixed instant with a non-zero millisecond part, so a store that drops milliseconds fails.
const BASE_MS = Date.parse('2026-03-01T12:00:00.123Z');

/** An explicit instant `offsetMs` after the fixed base; tests never read the real clock. */
export function at(offsetMs: number): Date {
  return new Date(BASE_MS + offsetMs);
}

function randomHex(bytes: number): string {
  const out = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(out);
  return Array.from(out, (b) => b.toString(16).padStart(2, '0')).join('');
}

let sequence = 0;

/** A complete, valid user; each call gets its own id, e-mail and username unless overridden. */
export function aUser(overrides: Partial<Omit<UserRecord, 'email'>> & { email?: string } = {}): UserRecord & { email: string } {
  sequence++;
  const createdAt = overrides.createdAt ?? at(sequence * 1000);
  return {
    id: globalThis.crypto.randomUUID(),
    email: `user${sequence}@example.com`,
    username: `user_${sequence}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    passwordHash: `$fake$v=1$${randomHex(8)}`,
    isActive: false,
    roles: ['user'],
    createdAt,
    updatedAt: createdAt,
    emailVerifiedAt: null,
    passwordChangedAt: null,
    lastLoginAt: null,
    tokenVersion: 0,
    disabledAt: null,
    ...overrides,
  };
}

/** A refresh token record valid for an hour after `at(0)`. */
export function aRefreshToken(userId: string, overrides: Partial<RefreshTokenRecord> = {}): RefreshTokenRecord {
  return {
    jti: globalThis.crypto.randomUUID(),
    familyId: globalThis.crypto.randomUUID(),
    userId,
    issuedAt: at(0),
    expiresAt: at(3_600_000),
    ...overrides,
  };
}

/** A one-time token record (hash only, as core stores it) valid for an hour after `at(0)`. */
export function aOneTimeToken(
  userId: string,
  purpose: OneTimeTokenPurpose,
  overrides: Partial<OneTimeTokenRecord> = {},
): OneTimeTokenRecord {
  return { tokenHash: randomHex(32), purpose, userId, createdAt: at(0), expiresAt: at(3_600_000), ...overrides };
}

/** Creates the given users one after another and returns them. */
export async function seedUsers(store: AuthStore, users: readonly UserRecord[]): Promise<UserRecord[]> {
  for (const user of users) await store.users.createUser(user);
  return [...users];
}

/** Awaits `promise` and asserts it rejected with an `AuthError` of `code` (a resolve fails). */
export async function expectAuthErrorCode(promise: Promise<unknown>, code: AuthErrorCode): Promise<void> {
  const outcome = await promise.then(
    () => ({ rejected: false as const }),
    (error: unknown) => ({ rejected: true as const, error }),
  );
  expect(outcome.rejected, `expected a rejection with ${code}`).toBe(true);
  if (!outcome.rejected) return;
  expect(outcome.error).toBeInstanceOf(AuthError);
  expect((outcome.error as AuthError).code).toBe(code);
}

/** Roles compared as a set: the port does not promise an order. */
export function sortedRoles(user: UserRecord | null | undefined): string[] {
  return [...(user?.roles ?? [])].sort();
}

/** A user with its roles sorted, so two records compare equal whatever order the roles came back in. */
export function comparable(user: UserRecord | null | undefined): UserRecord | null | undefined {
  return user ? { ...user, roles: [...user.roles].sort() } : user;
}

/** Ids of `users` in the order given. */
export function idsOf(users: readonly UserRecord[]): string[] {
  return users.map((user) => user.id);
}
