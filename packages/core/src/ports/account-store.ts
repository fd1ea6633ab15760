import type { UserRecord } from './user-store.js';

/**
 * The two account-wide changes an administrator or the owner makes, each one atomic (one
 * transaction in SQL, one synchronous step in memory).
 */
export interface AccountStore {
  /**
   * Deletes the user and everything that belongs to it: roles, refresh tokens, sessions, one-time
   * tokens, linked identities, social sign-ins under way that would link to it (and the second
   * factors of stores that keep them). Its address and username are free again. False when there is
   * no such user.
   */
  deleteUser(userId: string): Promise<boolean>;
  /**
   * Disables (`disabledAt` set, every refresh token revoked) or enables (`disabledAt` null) the user
   * and returns it, or null for an unknown id. Disabling a disabled user keeps its first `disabledAt`.
   */
  setUserDisabled(userId: string, disabled: boolean, at: Date): Promise<UserRecord | null>;
}
