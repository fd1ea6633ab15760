/** A WebAuthn credential registered by a user (a passkey or a security key). */
export interface PasskeyRecord {
  /** Our id (a UUID), used in routes; never the credential id. */
  id: string;
  userId: string;
  /** The credential id, base64url, as the authenticator returned it. Unique across all users. */
  credentialId: string;
  /** The COSE public key. */
  publicKey: Uint8Array;
  /** The signature counter last seen; 0 for authenticators that do not count. */
  counter: number;
  transports: string[];
  /** `singleDevice` or `multiDevice` (a synced passkey). */
  deviceType: string;
  backedUp: boolean;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface PasskeyStore {
  /** Stores a new credential; rejects with `PASSKEY_IN_USE` when its credential id is already stored. */
  savePasskey(record: PasskeyRecord): Promise<void>;
  listPasskeys(userId: string): Promise<PasskeyRecord[]>;
  findPasskeyByCredentialId(credentialId: string): Promise<PasskeyRecord | null>;
  /**
   * Atomically moves the counter from `previousCounter` to `counter` and sets `lastUsedAt`; false
   * when the stored counter is no longer `previousCounter` (a parallel use of a cloned key), so one
   * signature counter value is accepted once.
   */
  recordPasskeyUse(id: string, previousCounter: number, counter: number, now: Date): Promise<boolean>;
  /** Renames the user's passkey; false when the user has none with this id. */
  renamePasskey(userId: string, id: string, name: string): Promise<boolean>;
  /** Deletes the user's passkey; false when the user has none with this id. */
  deletePasskey(userId: string, id: string): Promise<boolean>;
  /** Deletes every passkey of the user (an administrator's reset); returns how many. */
  deletePasskeys(userId: string): Promise<number>;
}
