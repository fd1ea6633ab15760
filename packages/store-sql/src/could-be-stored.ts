/**
 * False for a string that no stored value can equal: one containing a NUL byte. Validation refuses
 * NUL in everything a store saves, and PostgreSQL rejects it in any text parameter (`invalid byte
 * sequence for encoding "UTF8": 0x00`), so every lookup or update keyed by a caller's string checks
 * this first and matches nothing, as SQLite and MariaDB would, instead of failing in the driver.
 */
export function couldBeStored(value: string): boolean {
  return !value.includes('\u0000');
}
