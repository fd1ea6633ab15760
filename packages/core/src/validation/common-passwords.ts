import { indexForm } from './guessable-forms.js';

/**
 * Seasons and months, which people combine with a year (`Summer2024!`, `January25`): refused
 * whatever list is shipped, since a site's password-change reminder makes them so common.
 */
const CALENDAR_WORDS = [
  'spring',
  'summer',
  'autumn',
  'fall',
  'winter',
  ...['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'],
];

let loaded: Promise<ReadonlySet<string>> | undefined;

/**
 * The common-password list (about 49 000 entries, 390 kB), indexed in the form passwords are
 * compared in (`indexForm`). Imported and indexed on the first check, once per process (its cost is
 * in docs/performance.md): a process that never checks a new password never loads it.
 */
export function commonPasswords(): Promise<ReadonlySet<string>> {
  loaded ??= import('./common-passwords-list.js').then(
    ({ COMMON_PASSWORDS_LIST }) => new Set([...COMMON_PASSWORDS_LIST.split('\n'), ...CALENDAR_WORDS].map(indexForm)),
  );
  return loaded;
}
