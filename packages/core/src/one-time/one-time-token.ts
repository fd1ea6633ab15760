import type { Random } from '../ports/random.js';
import { randomToken } from '../random/random-values.js';

/** 32 random bytes, base64url (CONTRACT §4). */
export const ONE_TIME_TOKEN_BYTES = 32;

/** Lower-case hex SHA-256 of the token text: the only form in which a one-time token is stored. */
export async function hashOneTimeToken(token: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function createOneTimeToken(random: Random): Promise<{ token: string; tokenHash: string }> {
  const token = randomToken(random, ONE_TIME_TOKEN_BYTES);
  return { token, tokenHash: await hashOneTimeToken(token) };
}
