/**
 * A user's recovery codes, stored only as hashes. A set is replaced whole (regeneration), and a code
 * is used up atomically.
 */
export interface RecoveryCodeStore {
  /** In one step: deletes every code of the user and stores these hashes as its new, unused set. */
  replaceRecoveryCodes(userId: string, codeHashes: readonly string[], now: Date): Promise<void>;
  /** Marks the unused code with this hash as used; true only for the one caller that did. */
  consumeRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean>;
  /** How many unused codes the user has left. */
  countRecoveryCodes(userId: string): Promise<number>;
  deleteRecoveryCodes(userId: string): Promise<void>;
}
