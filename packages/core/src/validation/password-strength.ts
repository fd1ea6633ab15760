import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

/** zxcvbn's scale: 0 too guessable … 4 very unguessable (more than 10^10 guesses). */
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

let estimator: ZxcvbnFactory | undefined;

/**
 * Built on first use: the dictionaries (common passwords, English words, names, Wikipedia terms)
 * take a moment to index, and a process that never registers anyone need not pay for it.
 * Levenshtein matching stays off: it makes a check take seconds instead of milliseconds.
 */
function zxcvbn(): ZxcvbnFactory {
  return (estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    translations,
  }));
}

/**
 * How guessable `password` is, given what an attacker knows about the account (`userInputs`:
 * its e-mail and parts of it, username, names, the service's name), and zxcvbn's warning if any.
 */
export function estimatePasswordStrength(password: string, userInputs: readonly string[]): { score: PasswordScore; warning: string | null } {
  const result = zxcvbn().check(password, [...userInputs]);
  return { score: result.score as PasswordScore, warning: result.feedback.warning || null };
}
