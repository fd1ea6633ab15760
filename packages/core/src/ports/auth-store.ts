import type { OneTimeTokenStore } from './one-time-token-store.js';
import type { RefreshTokenStore } from './refresh-token-store.js';
import type { UserStore } from './user-store.js';

export interface PasswordResetInput {
  tokenHash: string;
  passwordHash: string;
  now: Date;
}

/**
 * Everything a flow stores, grouped. Each part is a small port; `completePasswordReset` spans them
 * because the reset must be one transaction.
 */
export interface AuthStore {
  users: UserStore;
  refreshTokens: RefreshTokenStore;
  oneTimeTokens: OneTimeTokenStore;
  /**
   * In one transaction: consume the password-reset token (as `consumeOneTimeToken`), set the new
   * password (as `changePassword`), void the user's other reset tokens, revoke every refresh token
   * of the user and bump its `tokenVersion`. Returns the user id, or null (and changes nothing) when the token is not usable.
   */
  completePasswordReset(input: PasswordResetInput): Promise<{ userId: string } | null>;
  /** Releases connections; called by the app on shutdown. */
  close(): Promise<void>;
}
