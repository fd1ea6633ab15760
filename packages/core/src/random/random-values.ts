import type { Random } from '../ports/random.js';

/**
 * A uniform integer in `[0, maxInclusive]`, by rejection sampling over 32-bit draws so that no value
 * is more likely than another (a plain modulo would bias the low values).
 */
export function uniformInt(random: Random, maxInclusive: number): number {
  if (!Number.isSafeInteger(maxInclusive) || maxInclusive < 0 || maxInclusive > 0xffff_fffe) {
    throw new RangeError('maxInclusive must be an integer in [0, 2^32 - 2]');
  }
  if (maxInclusive === 0) return 0;
  const range = maxInclusive + 1;
  const limit = 0x1_0000_0000 - (0x1_0000_0000 % range);
  for (;;) {
    const b = random.bytes(4);
    const draw = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
    if (draw < limit) return draw % range;
  }
}

/** An RFC 9562 version 4 UUID from the given random source. */
export function randomUuid(random: Random): string {
  const b = random.bytes(16);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Opaque token text: `byteLength` random bytes, base64url. */
export function randomToken(random: Random, byteLength = 32): string {
  return toBase64Url(random.bytes(byteLength));
}
