import type { BreachedPasswordRanges } from '@gatehousejs/core';

export interface PwnedPasswordsRangeOptions {
  /** The API's base URL, `https://api.pwnedpasswords.com` or a stub speaking the same API. */
  apiUrl: string;
  /** Milliseconds before a range request is given up (core then accepts the password and reports it). */
  timeoutMs: number;
  /** The HTTP client; the global `fetch` by default. */
  fetch?: typeof globalThis.fetch;
}

/** One line of a range answer: the 35 hex digits after the prefix, a colon, how often it was seen. */
const LINE = /^([0-9A-Fa-f]{35}):(\d+)$/;

/**
 * Have I Been Pwned's Pwned Passwords range API (https://haveibeenpwned.com/API/v3#PwnedPasswords)
 * as core's `BreachedPasswordRanges`: `GET {apiUrl}/range/{first 5 hex of the SHA-1}` with
 * `Add-Padding: true`, so the answer's size does not tell an observer the prefix either (the API
 * then adds random suffixes with a count of 0, which are no breach). No key is needed for this API.
 * A status other than 200, a timeout or a network error rejects; core then fails open.
 *
 * @example
 * const auth = createAuth({ ..., breachedPasswords: createPwnedPasswordsRange({ apiUrl: 'https://api.pwnedpasswords.com', timeoutMs: 1500 }) });
 */
export function createPwnedPasswordsRange(options: PwnedPasswordsRangeOptions): BreachedPasswordRanges {
  const fetch = options.fetch ?? globalThis.fetch;
  return {
    async findRange(prefix) {
      if (!/^[0-9A-F]{5}$/.test(prefix)) throw new Error('a range prefix is five upper-case hex digits');
      const response = await fetch(`${options.apiUrl}/range/${prefix}`, {
        headers: { 'Add-Padding': 'true', 'User-Agent': 'gatehouse' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (response.status !== 200) {
        await response.body?.cancel();
        throw Object.assign(new Error(`the Pwned Passwords API answered ${response.status}`), { code: `HTTP_${response.status}` });
      }
      const range = new Map<string, number>();
      for (const line of (await response.text()).split('\n')) {
        const match = LINE.exec(line.trim());
        // Padding entries have a count of 0: they are not passwords anyone used.
        if (match && match[2] !== '0') range.set(match[1]!.toUpperCase(), Number(match[2]));
      }
      return range;
    },
  };
}
