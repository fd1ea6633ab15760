/**
 * What a challenge is for: the second step of a login (`mfa-login`, the `mfaToken`), or the
 * server-side challenge of a WebAuthn ceremony.
 */
export type ChallengePurpose = 'mfa-login' | 'passkey-registration' | 'passkey-login';

/** A short-lived, single-use challenge. Its id is stored only as a SHA-256 hash. */
export interface ChallengeRecord {
  idHash: string;
  purpose: ChallengePurpose;
  /** The user it was issued to; null for a passwordless login that has not named anyone. */
  userId: string | null;
  /** Small JSON data bound to the challenge (the WebAuthn challenge, the login's methods so far). */
  data: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface ChallengeStore {
  /** Stores a new challenge; ended ones may be dropped meanwhile. */
  saveChallenge(record: ChallengeRecord): Promise<void>;
  /** The challenge if it exists with this purpose, is unused and `now` is before its expiry. */
  findChallenge(idHash: string, purpose: ChallengePurpose, now: Date): Promise<ChallengeRecord | null>;
  /** Uses the challenge up atomically: of parallel calls, one gets the record, the others null. */
  consumeChallenge(idHash: string, purpose: ChallengePurpose, now: Date): Promise<ChallengeRecord | null>;
}
