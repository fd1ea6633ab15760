import type { BreachedPasswordRanges } from '../ports/breached-passwords.js';

/** Characters of the SHA-1 (hex) that leave the server; the range API's prefix length. */
export const RANGE_PREFIX_LENGTH = 5;

async function sha1Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

/**
 * How often `password` (UTF-8, as hashed) was seen in breaches: 0 when never. Only the first five
 * hex digits of its SHA-1 are handed to `ranges`; the suffix is compared here. A padding entry
 * (count 0) never counts as a breach. Rejects when `ranges` does.
 */
export async function breachCount(ranges: BreachedPasswordRanges, password: string): Promise<number> {
  const hash = await sha1Hex(password);
  const range = await ranges.findRange(hash.slice(0, RANGE_PREFIX_LENGTH));
  return range.get(hash.slice(RANGE_PREFIX_LENGTH)) ?? 0;
}
