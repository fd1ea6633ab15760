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
   * Resolves while the hasher takes work (a worker pool that is not closed); rejects otherwise.
   * Optional: `auth.checkReadiness()` asks it as `hasher`; a hasher on the calling thread has nothing to check.
   */
  ping?(): Promise<unknown>;
  /** Lets accepted hashes finish, then releases the workers; `auth.shutdown()` calls it. Optional. */
  close?(): Promise<void>;
}
