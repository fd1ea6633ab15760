import { hashOneTimeToken } from '../one-time/one-time-token.js';
import type { Random } from '../ports/random.js';
import { randomToken, toBase64Url } from '../random/random-values.js';

/**
 * The secret the browser holds in its cookie while a sign-in is under way. Only its SHA-256 is
 * stored with the state; the PKCE verifier is derived from it, so a copy of the database cannot
 * finish a sign-in, and a state stolen from a URL is useless without the browser's cookie.
 */
export function newBrowserKey(random: Random): string {
  return randomToken(random, 32);
}

export const hashBrowserKey = (browserKey: string) => hashOneTimeToken(`browser-key\u0000${browserKey}`);

/**
 * The stored hash of a one-time exchange code, bound to the browser key of the flow: only a request
 * carrying both the code and that browser's cookie finds it. A code sent to another browser (login
 * CSRF: a victim opens `/?code=<the attacker's code>`) matches nothing there.
 */
export const hashExchangeCode = (code: string, browserKey: string) => hashOneTimeToken(`exchange-code\u0000${browserKey}\u0000${code}`);

/** RFC 7636 verifier (43 characters of base64url) derived from the browser's key and the state. */
export async function pkceVerifierFor(browserKey: string, state: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(`pkce\u0000${browserKey}\u0000${state}`));
  return toBase64Url(new Uint8Array(digest));
}

/** Compares two hex digests without an early exit. */
export function sameDigest(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
