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
}

/**
 * Rotation state of refresh tokens. Every refresh token is single use: `consumeRefreshToken` must be
 * atomic (one conditional UPDATE or DELETE), so of two parallel consumers at most one wins.
 */
export interface RefreshTokenStore {
  saveRefreshToken(token: RefreshTokenRecord): Promise<void>;
  /**
   * Marks the token used if it exists, is unused, is not revoked and `now < expiresAt`.
   * Returns true only to the caller that made that change.
   */
  consumeRefreshToken(jti: string, now: Date): Promise<boolean>;
  /** Revokes every token of one rotation family (logout, or reuse detected). */
  revokeRefreshTokenFamily(familyId: string, at: Date): Promise<void>;
  /** Revokes every refresh token of a user (logout-all). */
  revokeAllRefreshTokens(userId: string, at: Date): Promise<void>;
}
