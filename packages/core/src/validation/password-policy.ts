import { AuthError } from '../errors/auth-error.js';
import type { BreachedPasswordRanges } from '../ports/breached-passwords.js';
import { breachCount } from './breached-password.js';
import { commonPasswords } from './common-passwords.js';
import { contextWords, GUESSABLE_REASONS, guessableReason } from './password-blocklist.js';
import { codePointLength } from './password-text.js';

/** What the attacker may know about the account. */
export interface PasswordPolicyInput {
  /** Null for an account from a provider that gives no address. */
  email: string | null;
  username?: string;
  firstName?: string;
  lastName?: string;
}

export interface PasswordPolicy {
  /** Fewest code points a new password has (after NFKC), 8–64; 15 where a password is the only factor (NIST SP 800-63B-4). */
  minLength: number;
  /** The service's name, which people put in their passwords (`Gatehouse1`). */
  serviceName: string;
}

/** The optional checks a new password goes through besides the policy: a breach corpus. */
export interface PasswordScreening {
  /** Set: a password seen in a breach is refused (Have I Been Pwned's range API, through an adapter). */
  breaches?: BreachedPasswordRanges;
  /** Told when the breach corpus could not be asked; the password is then accepted (fail open). Never gets the password. */
  onBreachCheckFailed?: (error: unknown) => void;
}

/**
 * Refuses a new password (registration, reset, change, bootstrap; NFKC-normalised) that is too
 * short for `policy.minLength` in code points, is the account's e-mail or username, is on the
 * blocklist of common passwords, repeats, sequences and keyboard walks, or is made from the
 * account's own words or the service's name (NIST SP 800-63B-4 §3.1.1.2: no composition rules, a
 * blocklist instead), and, given `screening.breaches`, one seen in a breach. Runs before any
 * hashing. Every refusal is `VALIDATION_FAILED` with one detail on `password`.
 *
 * @example
 * await assertPasswordAcceptable('correct horse battery', { email: 'ada@example.com' }, { minLength: 8, serviceName: 'Acme' });
 */
export async function assertPasswordAcceptable(
  password: string,
  account: PasswordPolicyInput,
  policy: PasswordPolicy,
  screening: PasswordScreening = {},
): Promise<void> {
  if (codePointLength(password) < policy.minLength) throw refused(`password must be at least ${policy.minLength} characters`);
  const lowered = password.toLowerCase();
  const own = [account.email, account.email?.split('@')[0], account.username].filter(Boolean).map((v) => v!.toLowerCase());
  if (own.includes(lowered)) throw refused('password must not be your e-mail address or username');
  const reason = guessableReason(password, contextWords({ ...account, serviceName: policy.serviceName }), await commonPasswords());
  if (reason) throw tooEasy(GUESSABLE_REASONS[reason]);
  if (screening.breaches && (await seenInBreach(screening.breaches, password, screening.onBreachCheckFailed))) {
    throw tooEasy('it has appeared in a data breach');
  }
}

/** Whether the corpus knows the password; false (fail open) when it cannot be asked. */
async function seenInBreach(ranges: BreachedPasswordRanges, password: string, onFailed?: (error: unknown) => void): Promise<boolean> {
  try {
    return (await breachCount(ranges, password)) > 0;
  } catch (error) {
    // A breach corpus that is down or slow must not stop sign-ups: the blocklist still applied.
    onFailed?.(error);
    return false;
  }
}

const tooEasy = (why: string) => refused(`password is too easy to guess (${why}). Use a longer passphrase of unrelated words`);

function refused(reason: string): AuthError {
  return new AuthError('VALIDATION_FAILED', `Validation failed: ${reason}.`, [{ path: 'password', message: reason }]);
}
