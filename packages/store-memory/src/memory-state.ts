import { ROLES } from '@gatehousejs/core';
import type {
  IdentityRecord,
  OAuthStateRecord,
  OneTimeTokenRecord,
  ProviderTokenRecord,
  RefreshTokenRecord,
  SessionRecord,
  UserRecord,
} from '@gatehousejs/core/ports';

/** A refresh token plus the rotation state the store keeps for it. */
export interface StoredRefreshToken extends RefreshTokenRecord {
  usedAt: Date | null;
  revokedAt: Date | null;
}

/** A one-time token plus when it was consumed or voided. */
export interface StoredOneTimeToken extends OneTimeTokenRecord {
  consumedAt: Date | null;
}

/**
 * Everything the memory store holds. The key maps mirror the unique indexes of the SQL store, so a
 * duplicate is found in O(1) and in the same synchronous step as the insert.
 */
export interface MemoryState {
  users: Map<string, UserRecord>;
  userIdByEmailKey: Map<string, string>;
  userIdByUsernameKey: Map<string, string>;
  refreshTokens: Map<string, StoredRefreshToken>;
  oneTimeTokens: Map<string, StoredOneTimeToken>;
  identities: Map<string, IdentityRecord>;
  /** `provider|issuer|subject` and `userId|provider` to identity id: the two unique keys. */
  identityIdBySubjectKey: Map<string, string>;
  identityIdByUserProviderKey: Map<string, string>;
  /** Sealed provider tokens by identity id; deleted with their identity. */
  providerTokens: Map<string, ProviderTokenRecord>;
  oauthStates: Map<string, OAuthStateRecord & { consumedAt: Date | null }>;
  /** By id (the refresh-token family). */
  sessions: Map<string, SessionRecord>;
}

export function createMemoryState(): MemoryState {
  return {
    users: new Map(),
    userIdByEmailKey: new Map(),
    userIdByUsernameKey: new Map(),
    refreshTokens: new Map(),
    oneTimeTokens: new Map(),
    identities: new Map(),
    identityIdBySubjectKey: new Map(),
    identityIdByUserProviderKey: new Map(),
    providerTokens: new Map(),
    oauthStates: new Map(),
    sessions: new Map(),
  };
}

/** The case-insensitive comparison key of an e-mail or username (CONTRACT §5). */
export function uniqueKey(value: string): string {
  return value.toLowerCase();
}

/**
 * Roles as a set in one stable order, the same as the SQL stores': the spec's four in the order of
 * `ROLES`, then any other role the app configured, by code unit (not locale, so every store agrees).
 */
export function canonicalRoles(roles: readonly string[]): string[] {
  const unique = [...new Set(roles)];
  const rank = (role: string) => {
    const index = (ROLES as readonly string[]).indexOf(role);
    return index === -1 ? ROLES.length : index;
  };
  return unique.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

const copyDate = (date: Date | null): Date | null => (date ? new Date(date.getTime()) : null);

/** A deep copy: callers may mutate what they pass in or get back without touching the store. */
export function copyUser(user: UserRecord): UserRecord {
  return {
    ...user,
    roles: canonicalRoles(user.roles),
    createdAt: new Date(user.createdAt.getTime()),
    updatedAt: new Date(user.updatedAt.getTime()),
    emailVerifiedAt: copyDate(user.emailVerifiedAt),
    passwordChangedAt: copyDate(user.passwordChangedAt),
    lastLoginAt: copyDate(user.lastLoginAt),
    disabledAt: copyDate(user.disabledAt ?? null),
  };
}
