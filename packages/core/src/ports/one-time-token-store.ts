/**
 * What a one-time token is for. `oauth-sign-in` and `oauth-sign-up` are the exchange codes of social
 * sign-in (the second for an account the callback just created, so the exchange can say `isNewUser`);
 * `email-change` confirms a new address, which the record carries in `email`.
 */
export type OneTimeTokenPurpose = 'email-verification' | 'password-reset' | 'email-change' | 'oauth-sign-in' | 'oauth-sign-up';

/** A one-time token at rest: only the SHA-256 of the token (hex) is stored, never the token. */
export interface OneTimeTokenRecord {
  tokenHash: string;
  purpose: OneTimeTokenPurpose;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  /** For `email-change`: the new address (normalized) that consuming the token confirms. */
  email?: string | null;
}

/** The owner of a consumed or found token, with the address it carries (`email-change`). */
export interface OneTimeTokenOwner {
  userId: string;
  email?: string | null;
}

export interface OneTimeTokenStore {
  saveOneTimeToken(token: OneTimeTokenRecord): Promise<void>;
  /** The owner of an unused, unexpired token (`now < expiresAt`), without consuming it. */
  findActiveOneTimeToken(tokenHash: string, purpose: OneTimeTokenPurpose, now: Date): Promise<OneTimeTokenOwner | null>;
  /**
   * Consumes an unused, unexpired token atomically and returns its owner; null when it is unknown,
   * used, expired or of another purpose. Of two parallel consumers at most one gets the owner.
   */
  consumeOneTimeToken(tokenHash: string, purpose: OneTimeTokenPurpose, now: Date): Promise<OneTimeTokenOwner | null>;
  /** Voids every unused token of `purpose` for a user (a new reset request supersedes older ones). */
  revokeOneTimeTokens(userId: string, purpose: OneTimeTokenPurpose, at: Date): Promise<void>;
  /** Deletes every token that can no longer be used (consumed, voided, or `expiresAt <= now`); returns how many. */
  deleteEndedOneTimeTokens(now: Date): Promise<number>;
}
