import type { UserRecord } from '../ports/user-store.js';
import type { Role } from '../roles/roles.js';

/** The user as the register response shows it (spec §4). */
export interface PublicUser {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  isActive: boolean;
  roles: Role[];
}

/** The full user without secrets (`GET /users/me`, admin listings). */
export interface UserProfile extends PublicUser {
  createdAt: string;
  updatedAt: string;
  emailVerifiedAt: string | null;
  passwordChangedAt: string | null;
  lastLoginAt: string | null;
}

/** The summary in login and verify responses (spec §2.5). */
export interface UserSummary {
  id: string;
  email: string;
  roles: Role[];
}

export function toPublicUser(u: UserRecord): PublicUser {
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

export function toUserProfile(u: UserRecord): UserProfile {
  return {
    ...toPublicUser(u),
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
    emailVerifiedAt: iso(u.emailVerifiedAt),
    passwordChangedAt: iso(u.passwordChangedAt),
    lastLoginAt: iso(u.lastLoginAt),
  };
}

export function toUserSummary(u: { id: string; email: string; roles: readonly Role[] }): UserSummary {
  return { id: u.id, email: u.email, roles: [...u.roles] };
}
