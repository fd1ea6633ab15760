/** A user's authenticator-app factor (RFC 6238). The secret is only ever stored encrypted. */
export interface TotpFactorRecord {
  userId: string;
  /** The shared secret, sealed with the MFA encryption key (`v1.<keyId>.<iv>.<ciphertext>`). */
  secretCiphertext: string;
  createdAt: Date;
  /** Null while enrollment waits for the first code; set once a code confirmed it. */
  confirmedAt: Date | null;
  /** The last RFC 6238 time step whose code was accepted; a code of this step or an older one is refused. */
  lastUsedStep: number | null;
}

/** One factor per user. Every write that decides on a code is one atomic step of the store. */
export interface TotpFactorStore {
  /**
   * Saves a pending factor for `userId`, replacing a pending one. Returns false and changes nothing
   * when the user already has a confirmed factor (it is never overwritten by a new enrollment).
   */
  savePendingTotpFactor(record: { userId: string; secretCiphertext: string; createdAt: Date }): Promise<boolean>;
  findTotpFactor(userId: string): Promise<TotpFactorRecord | null>;
  /**
   * Atomically records that the code of `step` was accepted: only if the factor exists, is confirmed
   * (or `confirm` is set, which confirms a pending one at `now`), and `step` is newer than its
   * `lastUsedStep`. Of two parallel calls with one step, on any number of instances, one gets true.
   */
  useTotpStep(userId: string, step: number, now: Date, confirm?: boolean): Promise<boolean>;
  /** Deletes the user's factor, pending or confirmed. Returns whether one existed. */
  deleteTotpFactor(userId: string): Promise<boolean>;
  /** Whether any confirmed factor is stored: a server refuses to start without its key then. */
  hasConfirmedTotpFactors(): Promise<boolean>;
}
