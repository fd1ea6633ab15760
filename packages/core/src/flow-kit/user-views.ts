import type { UserRecord } from '../ports/user-store.js';
import type { Role } from '../roles/roles.js';

/** The user as the register response shows it (spec §4). */
export interface PublicUser<R extends string = Role> {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  /** Null for an account made by a provider that gives no address, until one is confirmed. */
  email: string | null;
  isActive: boolean;
  roles: R[];
}

/** The full user without secrets (`GET /users/me`, admin listings). */
export interface UserProfile<R extends string = Role> extends PublicUser<R> {
  createdAt: string;
  updatedAt: string;
  emailVerifiedAt: string | null;
  passwordChangedAt: string | null;
  lastLoginAt: string | null;
  /** When an administrator disabled the account; null while it is enabled. */
  disabledAt: string | null;
}

/** The summary in login and verify responses (spec §2.5). */
export interface UserSummary<R extends string = Role> {
  id: string;
  email: string | null;
  roles: R[];
}

export function toPublicUser(u: UserRecord): PublicUser<string> {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    username: u.username,
    email: u.email,
    isActive: u.isActive,
    roles: [...u.roles],
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toUserProfile(u: UserRecord): UserProfile<string> {
  // Every field written out, not `{ ...toPublicUser(u), createdAt, … }`: each property added after
  // a spread builds a new hidden class, which made this function cost more than the database read
  // of a `GET /users/me` (docs/performance.md, "What the code's shortcuts buy").
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    username: u.username,
    email: u.email,
    isActive: u.isActive,
    roles: [...u.roles],
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
    emailVerifiedAt: iso(u.emailVerifiedAt),
    passwordChangedAt: iso(u.passwordChangedAt),
    lastLoginAt: iso(u.lastLoginAt),
    disabledAt: iso(u.disabledAt ?? null),
  };
}

export function toUserSummary(u: { id: string; email: string | null; roles: readonly string[] }): UserSummary<string> {
  return { id: u.id, email: u.email, roles: [...u.roles] };
}
