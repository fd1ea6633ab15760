const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Whether `part` is unpadded base64url in its one canonical spelling (RFC 4648 §3.5): the bits a
 * last, partial character carries beyond the data must be zero. Decoders ignore those bits, so
 * without this check a signature ending in `E` also verifies when it ends in `F`, and one token
 * would have several spellings. Assumes the characters were already checked against the alphabet.
 */
export function isCanonicalBase64url(part: string): boolean {
  const rest = part.length % 4;
  if (rest === 0) return true;
  // One character holds only 6 bits: never a whole byte.
  if (rest === 1) return false;
  const last = ALPHABET.indexOf(part[part.length - 1]!);
  // Two characters carry one byte and 4 spare bits; three carry two bytes and 2 spare bits.
  return rest === 2 ? (last & 0b1111) === 0 : (last & 0b11) === 0;
}
