import { isPredictableRun } from './predictable-runs.js';

/**
 * Look-alike characters people swap into a word (`P@ssw0rd`, `L0v3ly`), folded with the letters
 * they stand for: the list and the password are both folded, so one entry covers its variants.
 * `1`, `!`, `|` and `l` fold together with `i` because people use `1` for both `i` and `l`.
 */
const FOLDS: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '!': 'i',
  '|': 'i',
  l: 'i',
  '3': 'e',
  '4': 'a',
  '@': 'a',
  '5': 's',
  $: 's',
  '7': 't',
  '+': 't',
};

/** Lower-cased with look-alikes folded; the form in which words are compared. */
export function fold(text: string): string {
  let folded = '';
  for (const char of text.toLowerCase()) folded += FOLDS[char] ?? char;
  return folded;
}

/** Digits, punctuation, symbols and spaces: what people append or prepend to a word (`summer2024!`). */
const LEADING = /^[\p{N}\p{P}\p{S}\s]+/u;
const TRAILING = /[\p{N}\p{P}\p{S}\s]+$/u;
const SEPARATORS = /[\s._-]+/g;
/** Up to 8 digits (a year, a date, a PIN) with a symbol or two: what people add without choosing. */
const dateLike = (affix: string) => (affix.match(/\d/g)?.length ?? 0) <= 8 && (affix.match(/\D/g)?.length ?? 0) <= 2;
/** Affixes this short are stripped whatever they are: `1`, `!!`, `2024!`. */
const SHORT_AFFIX = 5;

/**
 * Whether an affix adds nothing an attacker would not try: short, date-like, or a sequence or
 * repeat (`123456789`, `!!!!!!`). A long random tail (`dragon 8#4%7-29&6`) is kept, so the word
 * before it does not decide alone.
 */
function guessableAffix(affix: string): boolean {
  const compact = affix.replace(/\s+/g, '');
  return Array.from(compact).length <= SHORT_AFFIX || dateLike(compact) || isPredictableRun(compact);
}

/** `text` without the guessable digits and symbols appended or prepended to it: `Summer2024!` → `Summer`. */
export function stripEnds(text: string): string {
  let stripped = text;
  const tail = TRAILING.exec(stripped)?.[0];
  if (tail !== undefined && guessableAffix(tail)) stripped = stripped.slice(0, stripped.length - tail.length);
  const head = LEADING.exec(stripped)?.[0];
  if (head !== undefined && guessableAffix(head)) stripped = stripped.slice(head.length);
  return stripped;
}

/**
 * The forms of a lower-cased password an attacker's list would hold: as typed, without inner
 * separators (`hunter2 hunter2`), without its guessable affixes, and that without inner separators
 * (`pass-word`); each plain (for sequences and keyboard walks, which folding would hide) and
 * folded (for list lookups). `core` is the last of them, folded.
 */
export function guessableForms(lowered: string): { plain: string[]; folded: string[]; core: string } {
  const stripped = stripEnds(lowered);
  const joined = stripped.replace(SEPARATORS, '');
  const plain = [...new Set([lowered, lowered.replace(SEPARATORS, ''), stripped, joined])].filter((form) => form.length > 0);
  return { plain, folded: [...new Set(plain.map(fold))], core: fold(joined) };
}

/** How a list entry or a context word is indexed: folded, and without its ends unless that leaves too little. */
export function indexForm(word: string): string {
  const core = stripEnds(word.toLowerCase()).replace(SEPARATORS, '');
  return fold(core.length >= 3 ? core : word);
}
