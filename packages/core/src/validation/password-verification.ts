import type { PasswordHasher } from '../ports/password-hasher.js';
import { normalizePassword } from './password-text.js';

/** Which form of the typed password matched a hash, or `false` when none did. */
export type PasswordMatch = 'normalized' | 'raw' | false;

/**
 * Checks a typed password against a hash in its NFKC form, the form every new hash is made from.
 * Hashes made before passwords were normalised hold the raw form: when the NFKC form fails and
 * the typed text differs from it, the raw form is tried once; a `'raw'` match tells the caller to
 * rehash with the normalised form. Whether the second verify runs depends only on the typed text,
 * never on the account, so the timing reveals nothing about it (the dummy hash of an unknown
 * address gets the same two tries).
 */
export async function verifyTypedPassword(hasher: PasswordHasher, phcHash: string, typed: string): Promise<PasswordMatch> {
  const normalized = normalizePassword(typed);
  if (await hasher.verify(phcHash, normalized)) return 'normalized';
  if (normalized !== typed && (await hasher.verify(phcHash, typed))) return 'raw';
  return false;
}
