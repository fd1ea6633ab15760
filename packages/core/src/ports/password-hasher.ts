/** Hashes and verifies passwords as PHC strings. Implementations may run off the calling thread. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a string that is not a hash this hasher understands. */
  verify(phcHash: string, password: string): Promise<boolean>;
  /** True when the hash was made with weaker parameters than the current ones. */
  needsRehash(phcHash: string): boolean;
}
