export type OneTimeTokenPurpose = 'email-verification' | 'password-reset';

/** A one-time token at rest: only the SHA-256 of the token (hex) is stored, never the token. */
export interface OneTimeTokenRecord {
  tokenHash: string;
  purpose: OneTimeTokenPurpose;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface OneTimeTokenStore {
  saveOneTimeToken(token: OneTimeTokenRecord): Promise<void>;
  /** The owner of an unused, unexpired token (`now < expiresAt`), without consuming it. */
  findActiveOneTimeToken(tokenHash: string, purpose: OneTimeTokenPurpose, now: Date): Promise<{ userId: string } | null>;
  /**
   * Consumes an unused, unexpired token atomically and returns its owner; null when it is unknown,
   * used, expired or of another purpose. Of two parallel consumers at most one gets the owner.
   */
  consumeOneTimeToken(tokenHash: string, purpose: OneTimeTokenPurpose, now: Date): Promise<{ userId: string } | null>;
  /** Voids every unused token of `purpose` for a user (a new reset request supersedes older ones). */
  revokeOneTimeTokens(userId: string, purpose: OneTimeTokenPurpose, at: Date): Promise<void>;
}
