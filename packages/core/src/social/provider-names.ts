import { LIMITS } from '../validation/input-schemas.js';

/**
 * Names a provider-made account may not start from: roles, system and mailbox names that people
 * trust on sight (RFC 2142's role mailboxes among them). Compared case-insensitively, after the
 * cleaning below.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'root',
  'admin',
  'administrator',
  'super',
  'superuser',
  'sysadmin',
  'system',
  'manager',
  'moderator',
  'owner',
  'staff',
  'support',
  'security',
  'abuse',
  'postmaster',
  'hostmaster',
  'webmaster',
  'noreply',
  'no-reply',
  'info',
  'help',
  'api',
  'www',
  'null',
  'undefined',
  'anonymous',
  'gatehouse',
]);

// Control, format (zero-width, bidi overrides such as U+202E) and line/paragraph separators: the
// characters the registration rules refuse in a name.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const MARKUP = /<[^>]*>|[<>]/g;

/**
 * A provider's name cleaned to what registration accepts: no control, invisible or direction-changing
 * characters, no markup, spaces collapsed, at most `max` characters; null when nothing is left.
 * Registration refuses such input; a provider's answer cannot be sent back, so it is cleaned.
 */
export function cleanProviderName(value: string | null, max: number = LIMITS.nameMax): string | null {
  if (value === null) return null;
  const cleaned = value.replace(INVISIBLE, '').replace(MARKUP, '').replace(/\s+/g, ' ').trim();
  const cut = Array.from(cleaned).slice(0, max).join('').trim();
  return cut.length > 0 ? cut : null;
}

/**
 * A username from the provider's name, cleaned to CONTRACT §5 (`[A-Za-z0-9_.-]`, 3–32); a reserved
 * name (`root`, `admin`, …) gets the provider's id in front, so `preferred_username: root` at GitHub
 * becomes `github_root`, never `root`.
 */
export function usernameBase(preferred: string | null, provider: string): string {
  const cleaned = (preferred ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_.-]+/g, '_')
    .replace(/^[_.-]+|[_.-]+$/g, '')
    // Room for the `_xxxx` a taken name gets.
    .slice(0, LIMITS.usernameMax - 5);
  if (cleaned.length < LIMITS.usernameMin) return `${provider}_user`;
  return RESERVED_USERNAMES.has(cleaned.toLowerCase()) ? `${provider}_${cleaned}`.slice(0, LIMITS.usernameMax - 5) : cleaned;
}
