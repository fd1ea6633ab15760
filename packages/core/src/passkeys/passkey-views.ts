import type { PasskeyRecord } from '../ports/passkey-store.js';

/** A passkey as the API shows it: never the credential id or the public key. */
export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export function toPasskeyView(passkey: PasskeyRecord): PasskeyView {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt ? passkey.lastUsedAt.toISOString() : null,
  };
}
