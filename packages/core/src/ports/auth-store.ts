import type { AccountStore } from './account-store.js';
import type { IdentityRecord, IdentityStore } from './identity-store.js';
import type { OAuthStateStore } from './oauth-state-store.js';
import type { OneTimeTokenStore } from './one-time-token-store.js';
import type { RefreshTokenRecord, RefreshTokenStore } from './refresh-token-store.js';
import type { RevocationStore } from './revocation-feed.js';
import type { SessionStore } from './session-store.js';
import type { UserRecord, UserStore } from './user-store.js';
import type { ChallengeStore } from './challenge-store.js';
import type { PasskeyStore } from './passkey-store.js';
import type { RecoveryCodeStore } from './recovery-code-store.js';
import type { TotpFactorStore } from './totp-factor-store.js';

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
  /** Accounts at outside identity providers linked to users (social sign-in). */
  identities: IdentityStore;
  /** Social sign-ins under way (hashed `state`, ten minutes at most, single use). */
  oauthStates: OAuthStateStore;
  /** Sessions per device (refresh-token families): listed, re-authenticated, pruned. */
  sessions: SessionStore;
  /** Deleting and disabling accounts, each atomic. */
  accounts: AccountStore;
  /** Recent revocations, read by instances whose revocation feed is down or absent. */
  revocations: RevocationStore;
  /** Second factors (docs/mfa.md): authenticator apps, recovery codes, passkeys, ceremony challenges. */
  totpFactors: TotpFactorStore;
  recoveryCodes: RecoveryCodeStore;
  passkeys: PasskeyStore;
  challenges: ChallengeStore;
  /**
   * In one transaction: create the user (as `createUser`) and link its first identity (as
   * `linkIdentity`). Rejects like either and then leaves nothing behind, so a parallel sign-in with
   * the same identity cannot leave an account without its identity.
   */
  createUserWithIdentity(user: UserRecord, identity: IdentityRecord): Promise<void>;
  /**
   * In one transaction: create the user (as `createUser`) and save its first refresh token (as
   * `saveRefreshToken`). Rejects like either and then leaves nothing behind: a registration whose
   * answer failed after the insert would otherwise leave an account its owner was told was not
   * made, and whose address then answers `EMAIL_TAKEN`.
   */
  createUserWithRefreshToken(user: UserRecord, refreshToken: RefreshTokenRecord): Promise<void>;
  /**
   * In one transaction: consume the password-reset token (as `consumeOneTimeToken`), set the new
   * password (as `changePassword`), void the user's other reset tokens, revoke every refresh token
   * of the user and bump its `tokenVersion`. Returns the user id, or null (and changes nothing) when the token is not usable.
   */
  completePasswordReset(input: PasswordResetInput): Promise<{ userId: string } | null>;
  /**
   * Resolves when the database answers; rejects otherwise. Optional: `auth.checkReadiness()` asks
   * it as `database`, and a store without it (in memory) has nothing to check.
   */
  ping?(): Promise<unknown>;
  /** Releases connections; `auth.shutdown()` calls it last. */
  close(): Promise<void>;
}
