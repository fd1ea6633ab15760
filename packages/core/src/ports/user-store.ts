/**
 * A stored account. E-mail is stored trimmed and lower-cased; username keeps its case. An account
 * made by a provider that gives no address (Steam, Battle.net) has `email: null` until its owner adds
 * and confirms one; one that only signs in through providers has `passwordHash: null`.
 */
export interface UserRecord {
  id: string;
  email: string | null;
  username: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  isActive: boolean;
  /** Role names as given; the store keeps any string the app configured, as a set. */
  roles: string[];
  createdAt: Date;
  updatedAt: Date;
  emailVerifiedAt: Date | null;
  passwordChangedAt: Date | null;
  lastLoginAt: Date | null;
  /**
   * Bumped when every live session must end (password reset, logout-all). Access tokens carry it
   * as `ver`; with per-request revocation on, a token whose `ver` differs is refused.
   */
  tokenVersion: number;
  /**
   * When an administrator disabled the account; null or absent while it is enabled. A disabled
   * account cannot sign in by any method, refresh, or use its access tokens.
   */
  disabledAt?: Date | null;
}

/** What else `UserStore.setUserRoles` does in the same atomic step as the role change. */
export interface SetUserRolesOptions {
  keepLastSuper?: boolean;
  bumpTokenVersion?: boolean;
}

export interface UserPage {
  limit: number;
  offset: number;
}

/**
 * Where accounts live. Uniqueness of e-mail and username (both case-insensitive) is the store's job
 * and must be atomic: of two parallel `createUser` calls with one e-mail, exactly one succeeds.
 */
export interface UserStore {
  /** Inserts a new user. Rejects with `AuthError` `EMAIL_TAKEN` or `USERNAME_TAKEN` on a duplicate. */
  createUser(user: UserRecord): Promise<void>;
  findUserById(id: string): Promise<UserRecord | null>;
  /** `email` is already normalized (trimmed, lower-case). */
  findUserByEmail(email: string): Promise<UserRecord | null>;
  /** Whether an account has this username, compared case-insensitively as uniqueness is. */
  usernameExists(username: string): Promise<boolean>;
  /** Users ordered by creation time, oldest first. */
  listUsers(page: UserPage): Promise<UserRecord[]>;
  /** Every user holding `role`; a single indexed query in SQL stores. */
  listUsersByRole(role: string): Promise<UserRecord[]>;
  /**
   * Replaces the role set; returns the updated user, or null when there is no such user. With
   * `keepLastSuper`, rejects with `AuthError` `LAST_SUPER` (and changes nothing) when the change would
   * leave no user holding `super`: the count and the change are one atomic step, so two supers
   * demoting each other at the same moment leave one. With `bumpTokenVersion`, adds one to the
   * user's `tokenVersion` in the same step (the strict mode ends its live tokens with the change).
   */
  setUserRoles(id: string, roles: readonly string[], at: Date, options?: SetUserRolesOptions): Promise<UserRecord | null>;
  /** Sets `isActive` and `emailVerifiedAt` (kept if already set). */
  markEmailVerified(id: string, at: Date): Promise<void>;
  /** Replaces the hash without counting as a password change (re-hash with stronger parameters). */
  updatePasswordHash(id: string, passwordHash: string, at: Date): Promise<void>;
  /** Sets a new password chosen by the user; also sets `passwordChangedAt`. */
  changePassword(id: string, passwordHash: string, at: Date): Promise<void>;
  recordLogin(id: string, at: Date): Promise<void>;
  /**
   * Sets a confirmed address (`email` normalized): also `isActive` and `emailVerifiedAt`. Rejects
   * with `AuthError` `EMAIL_TAKEN` when another account has it; false for an unknown id.
   */
  setConfirmedEmail(id: string, email: string, at: Date): Promise<boolean>;
  /** Adds one to `tokenVersion` (logout-all) and returns the new value, or null for an unknown id. */
  bumpTokenVersion(id: string, at: Date): Promise<number | null>;
}
