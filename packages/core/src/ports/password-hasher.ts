/** zxcvbn's scale: 0 too guessable … 4 very unguessable (more than 10^10 guesses). */
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** How guessable a password is (zxcvbn's score) and zxcvbn's warning, if it has one. */
export interface PasswordStrength {
  score: PasswordScore;
  warning: string | null;
}

/** Hashes and verifies passwords as PHC strings. Implementations may run off the calling thread. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a string that is not a hash this hasher understands. */
  verify(phcHash: string, password: string): Promise<boolean>;
  /** True when the hash was made with weaker parameters than the current ones. */
  needsRehash(phcHash: string): boolean;
  /**
   * Hashes worth handing to this hasher at once, for a hasher that knows (a worker pool: its
   * workers times the hashes each holds). `createAuth` caps the hashes in flight at this number
   * unless `config.hashing.maxConcurrent` is set; without it the cap is 4.
   */
  readonly capacity?: number;
  /**
   * Optional: the password's strength exactly as `estimatePasswordStrength` of
   * `@gatehousejs/core/password-strength` gives it, computed where the hashes are (a worker pool runs
   * it in its workers). The estimate costs milliseconds of CPU, often more than a native hash; a
   * hasher without this method leaves it to core, which computes it on the calling thread. Capped
   * like hashes (`config.hashing`), in slots of their own.
   */
  estimatePasswordStrength?(password: string, userInputs: readonly string[]): Promise<PasswordStrength>;
}
