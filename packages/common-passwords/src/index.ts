import { COMMON_PASSWORD_LIST } from './password-list.js';

let list: ReadonlySet<string> | undefined;

/** The bundled list as a set, built on first use (about 15,000 entries). */
function commonPasswords(): ReadonlySet<string> {
  return (list ??= new Set(COMMON_PASSWORD_LIST.split('\n')));
}

/**
 * True when `password` is on the bundled list of the most common breached passwords, compared
 * case-insensitively (`Password1` counts as `password1`). Offline: no network, no API.
 *
 * @example
 * isCommonPassword('qwertyuiop'); // true
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** How many distinct passwords the bundled list holds. */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}
