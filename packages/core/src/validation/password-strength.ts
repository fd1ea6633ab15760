import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';
import type { PasswordScore, PasswordStrength } from '../ports/password-hasher.js';

export type { PasswordScore, PasswordStrength };

let estimator: ZxcvbnFactory | undefined;

/**
 * How much of a password is estimated, in code points. zxcvbn's matching grows far faster than the
 * length: at the library's defaults one 128-character password of
 * letters, digits and l33t symbols took 2–8 s here, blocking every other request (or, on a worker
 * pool, every hash behind it). A prefix is a
 * conservative estimate (characters added only add guesses): a password whose first 40 characters
 * are hard to guess is hard to guess, and one whose first 40 are easy is refused, whatever follows.
 */
export const ESTIMATED_LENGTH = 40;

/**
 * l33t substitutions tried per password (zxcvbn-ts default 100). The combinations of a symbol-rich
 * password are what made the estimate slow: 10 cut a 32-character one from about 1 s to about
 * 0.1 s here, and still finds the few substitutions real passwords use (`P@ssw0rd!`).
 */
const L33T_MAX_SUBSTITUTIONS = 10;

/**
 * Built on first use: the dictionaries (common passwords, English words, names, Wikipedia terms)
 * take a moment to index (about 0.2 s and 30 MB more, beside the 30 MB of the dictionaries
 * themselves), and a process that never registers anyone need not pay for it. The module itself is
 * imported only when a password is checked on this thread (`password-policy.ts`), or by a worker
 * pool's strength thread (`@gatehousejs/hasher`). Levenshtein matching stays off: it makes a check take seconds
 * instead of milliseconds.
 */
function zxcvbn(): ZxcvbnFactory {
  return (estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    translations,
    l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
  }));
}

/**
 * How guessable `password` is, given what an attacker knows about the account (`userInputs`:
 * its e-mail and parts of it, username, names, the service's name), and zxcvbn's warning if any.
 * Only its first `ESTIMATED_LENGTH` code points are estimated (cut here, so a surrogate pair is
 * never split).
 */
export function estimatePasswordStrength(password: string, userInputs: readonly string[]): PasswordStrength {
  const estimated = password.length <= ESTIMATED_LENGTH ? password : Array.from(password).slice(0, ESTIMATED_LENGTH).join('');
  const result = zxcvbn().check(estimated, [...userInputs]);
  return { score: result.score as PasswordScore, warning: result.feedback.warning || null };
}
