import type { Random } from '../ports/random.js';

/** How many codes a set has; each is shown once. */
export const RECOVERY_CODE_COUNT = 10;
// Crockford's base32 alphabet: no i, l, o or u, so a code read aloud or copied by hand survives.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
// 24 characters of 32: 120 bits, over the 112 bits for which ASVS 5.0 6.5.2 allows a plain hash.
const CODE_LENGTH = 24;

/**
 * A fresh set of codes such as `k7p2-x9qr-4mzd-0h3c-vb8n-e6wa`: 24 characters of 32, 120 bits each
 * (32 divides 256, so masking a random byte is unbiased), in groups of four for copying by hand.
 */
export function generateRecoveryCodes(random: Random): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(random.bytes(CODE_LENGTH), (byte) => ALPHABET[byte & 31]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** What was typed, as stored: case, spaces and hyphens dropped, Crockford's look-alikes mapped. */
export function normalizeRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
}

/**
 * The stored form of a code: SHA-256 of the user id and the normalized code. A code carries 120
 * random bits, and ASVS 5.0 6.5.2 allows a standard hash from 112 bits on (below that it asks for a
 * salted password hash); the user id keeps equal codes of two users apart.
 */
export async function hashRecoveryCode(userId: string, code: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${userId}:${normalizeRecoveryCode(code)}`));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
