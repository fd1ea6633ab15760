import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    value = (value << 5) | BASE32.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/**
 * The RFC 6238 code (HMAC-SHA-1, 6 digits, 30 s) of a base32 secret, `offset` steps from now:
 * written here from RFC 4226 §5.3 rather than taken from the library the server uses, so the suite
 * checks the server against the RFC, not against itself.
 */
export function totpNow(secretBase32: string, offset = 0, now = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000) + offset));
  const hmac = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const at = hmac[hmac.length - 1]! & 0x0f;
  const binary = ((hmac[at]! & 0x7f) << 24) | (hmac[at + 1]! << 16) | (hmac[at + 2]! << 8) | hmac[at + 3]!;
  return String(binary % 1_000_000).padStart(6, '0');
}
