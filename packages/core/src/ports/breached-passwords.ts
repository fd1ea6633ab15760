/**
 * A corpus of passwords seen in breaches, asked by range so the password never leaves the server
 * (k-anonymity, as the Have I Been Pwned range API: https://haveibeenpwned.com/API/v3#PwnedPasswords).
 * Core hashes the password with SHA-1 and asks only for the first five hex digits; it compares the
 * rest itself. Core makes no network call: the HTTP client is an adapter
 * (`createPwnedPasswordsRange` in the example server kit, or an app's own).
 */
export interface BreachedPasswordRanges {
  /**
   * The SHA-1 suffixes (the 35 upper-case hex digits after `prefix`) of breached passwords whose
   * hash starts with `prefix` (five upper-case hex digits), each with how often it was seen. Padding
   * entries (count 0) may be left in or out. Should settle within a short timeout (1.5 s): a
   * rejection makes core accept the password (fail open) and report it through `onBackgroundError`.
   */
  findRange(prefix: string): Promise<ReadonlyMap<string, number>>;
}
