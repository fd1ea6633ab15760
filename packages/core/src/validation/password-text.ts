/**
 * The one form of a password that is hashed and compared: Unicode NFKC (NIST SP 800-63B-4 §3.1.1.2).
 * A password typed on another keyboard or input method (a full-width `ｐａｓｓ`, a composed `é`
 * against `e` + combining accent, a ligature `ﬁ`) becomes the same text, so it still matches.
 */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/** Length as people count it: code points, so an emoji or a CJK character is one, not two. */
export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * Bound on the raw input before it is normalised, in UTF-16 units. NFKC can shrink a string (a
 * letter and its combining accents compose into one code point), so the 128 code points are
 * counted after it; this cap only keeps the normalisation itself cheap on an abusive body.
 */
export const RAW_PASSWORD_MAX_UNITS = 1024;
