import { codePointLength } from './password-text.js';
import { guessableForms, indexForm, stripEnds } from './guessable-forms.js';
import { isPredictableRun, repeatedUnit } from './predictable-runs.js';

/** Why a password is refused as guessable; each has the sentence shown to the user. */
export type GuessableReason = 'common' | 'predictable' | 'context';

export const GUESSABLE_REASONS: Readonly<Record<GuessableReason, string>> = {
  common: 'it is on a list of commonly used passwords',
  predictable: 'repeats, sequences and keyboard patterns such as aaaa, abcd or qwerty are easy to guess',
  context: 'it is made from your name, your e-mail address or the name of this service',
};

/** What the attacker may know about the account; every field optional. */
export interface PasswordContext {
  email?: string | null;
  username?: string;
  firstName?: string;
  lastName?: string;
  serviceName: string;
}

/** Context words shorter than this are not looked for inside a password (`al`, `jo`). */
const CONTEXT_MIN = 3;
/** What may be left beside a context word or a common password for the whole to count as made from it. */
const LEFTOVER_MIN = 4;

/**
 * The words of the account an attacker tries first, in `indexForm`: the e-mail, its local part and
 * the words in it, the domain's words but its last, the username and its pieces, each name and both
 * together, the service's name.
 */
export function contextWords(context: PasswordContext): Set<string> {
  const [local = '', domain = ''] = (context.email ?? '').split('@');
  const labels = domain.split('.').slice(0, -1);
  const names = [context.firstName, context.lastName];
  const words = [
    context.email,
    local,
    ...local.split(/[^\p{L}\p{N}]+/u),
    ...labels,
    context.username,
    ...(context.username ?? '').split(/[^\p{L}\p{N}]+/u),
    ...names,
    names.every(Boolean) ? names.join('') : undefined,
    context.serviceName,
  ];
  return new Set(
    words
      .filter((word): word is string => typeof word === 'string')
      .map(indexForm)
      .filter((word) => codePointLength(word) >= CONTEXT_MIN),
  );
}

/**
 * Why `password` (NFKC-normalised) would be among an attacker's first guesses, or null: NIST SP
 * 800-63B-4 §3.1.1.2 asks for a blocklist of common, expected and compromised values and context
 * words, not for composition rules or a strength estimate. Compared case-insensitively, with
 * look-alike characters folded (`P@ssw0rd`), without the digits and symbols appended or prepended
 * (`Summer2024!`), and also as repeats (`monkeymonkey`), sequences (`abcdefgh`) and keyboard walks
 * (`1qaz2wsx`). A word of the account plus a short or common rest (`Gatehouse2024`, `adalovelace`)
 * is refused too. Costs about 0.15 ms once the list is loaded (against 10–20 ms for a hash).
 */
export function guessableReason(password: string, context: ReadonlySet<string>, common: ReadonlySet<string>): GuessableReason | null {
  const lowered = password.toLowerCase();
  const { plain, folded, core } = guessableForms(lowered);
  const known = (word: string) => common.has(word) || context.has(word);

  if (new Set(lowered).size < 4) return 'predictable';
  for (const form of plain) {
    if (isPredictableRun(form)) return 'predictable';
    const unit = repeatedUnit(form);
    if (unit !== null && (codePointLength(unit) <= LEFTOVER_MIN || known(indexForm(unit)))) return 'predictable';
  }
  for (const form of folded) {
    if (context.has(form)) return 'context';
    if (common.has(form)) return 'common';
  }
  for (const word of context) {
    const at = core.indexOf(word);
    if (at < 0) continue;
    const rest = stripEnds(core.slice(0, at) + core.slice(at + word.length));
    if (codePointLength(rest) < LEFTOVER_MIN || known(rest) || known(indexForm(rest)) || isPredictableRun(rest)) return 'context';
  }
  return null;
}
