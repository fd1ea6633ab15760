import type { NewSession } from './session-store.js';

/**
 * A refresh token as the server remembers it. The token itself is a signed JWT; only its `jti`, its
 * rotation family and its lifetime are stored.
 */
export interface RefreshTokenRecord {
  jti: string;
  familyId: string;
  userId: string;
  issuedAt: Date;
  expiresAt: Date;
  /**
   * Set on the first token of a session (a sign-in): the store records the session (`familyId` is
   * its id) in the same step as the token. Absent on a rotation.
   */
  session?: NewSession;
}

/**
 * Rotation state of refresh tokens. Every refresh token is single use: `consumeRefreshToken` must be
 * atomic (one conditional UPDATE or DELETE), so of two parallel consumers at most one wins.
 */
export interface RefreshTokenStore {
  saveRefreshToken(token: RefreshTokenRecord): Promise<void>;
  /**
   * Marks the token used if it exists, belongs to `userId` (the token's `sub`), is unused, is not
   * revoked and `now < expiresAt`. Returns true only to the caller that made that change.
   */
  consumeRefreshToken(jti: string, userId: string, now: Date): Promise<boolean>;
  /**
   * Whether the family (a session) was revoked: logout, reuse detected, logout-all or a password
   * reset. With `checkTokenVersion`, the access tokens of a revoked session are refused by it.
   */
  isRefreshTokenFamilyRevoked(familyId: string): Promise<boolean>;
  /**
   * When the token of `userId` was used (rotated), if it was and has not been revoked since; null
   * otherwise (unknown, unused, revoked, another owner). For the optional reuse interval.
   */
  findRefreshTokenUse(jti: string, userId: string): Promise<Date | null>;
  /** Revokes every token of one rotation family (logout, or reuse detected). */
  revokeRefreshTokenFamily(familyId: string, at: Date): Promise<void>;
  /**
   * Deletes every token with `expiresAt <= before`, used or revoked or not; returns how many. Core
   * passes a `before` older than any access token of those sessions can live, so the `sid` check
   * still finds a revoked session's rows while its access tokens may be presented.
   */
  deleteRefreshTokensExpiredBefore(before: Date): Promise<number>;
  /** Revokes every refresh token of a user (logout-all). */
  revokeAllRefreshTokens(userId: string, at: Date): Promise<void>;
}
