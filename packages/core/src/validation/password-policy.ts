import { AuthError } from '../errors/auth-error.js';
import type { PasswordHasher, PasswordStrength } from '../ports/password-hasher.js';

/** What the attacker may know about the account, and the bar a password must clear. */
export interface PasswordPolicyInput {
  /** Null for an account from a provider that gives no address. */
  email: string | null;
  username?: string;
  firstName?: string;
  lastName?: string;
}

export interface PasswordPolicy {
  /** zxcvbn score a password needs, 0–4. */
  minScore: number;
  /** The service's name, which people put in their passwords (`Gatehouse1`). */
  serviceName: string;
}

/** The words of the account an attacker would try first: e-mail, its local part and pieces, names. */
function userInputs(account: PasswordPolicyInput, serviceName: string): string[] {
  const local = account.email?.split('@')[0] ?? '';
  const pieces = local.split(/[^\p{L}\p{N}]+/u);
  return [account.email, local, ...pieces, account.username, account.firstName, account.lastName, serviceName]
    .filter((value): value is string => typeof value === 'string' && value.length > 0)
    .map((value) => value.toLowerCase());
}

/**
 * zxcvbn and its dictionaries (about 30 MB once loaded, 60 MB once indexed) are imported on the
 * first estimate made on this thread: a process whose hasher estimates elsewhere, or that
 * never checks a password, never loads them.
 */
let inThread: Promise<typeof import('./password-strength.js')> | undefined;

async function estimate(password: string, inputs: string[], hasher?: PasswordHasher): Promise<PasswordStrength> {
  if (hasher?.estimatePasswordStrength) return hasher.estimatePasswordStrength(password, inputs);
  const { estimatePasswordStrength } = await (inThread ??= import('./password-strength.js'));
  return estimatePasswordStrength(password, inputs);
}

/**
 * Refuses passwords that are easy to guess even when long enough (NIST 800-63B: no composition
 * rules such as "one digit and one symbol"; a check against what attackers try instead). The
 * strength is estimated by zxcvbn with its common-password and English dictionaries and the
 * account's own words, and must reach `policy.minScore`. Runs after the length checks and before
 * any hashing. The estimate costs milliseconds of CPU: given a `hasher` that can estimate (a worker
 * pool of `@gatehousejs/hasher`), it runs there, off this thread, with the same verdict.
 *
 * @example
 * await assertPasswordAcceptable('correct horse battery', { email: 'ada@example.com' }, { minScore: 3, serviceName: 'Acme' });
 */
export async function assertPasswordAcceptable(
  password: string,
  account: PasswordPolicyInput,
  policy: PasswordPolicy,
  hasher?: PasswordHasher,
): Promise<void> {
  const lowered = password.toLowerCase();
  const own = [account.email, account.email?.split('@')[0], account.username].filter(Boolean).map((v) => v!.toLowerCase());
  if (own.includes(lowered)) throw refused('password must not be your e-mail address or username');
  const { score, warning } = await estimate(password, userInputs(account, policy.serviceName), hasher);
  if (score < policy.minScore) {
    const why = warning ? ` (${warning.replace(/\.$/, '').toLowerCase()})` : '';
    throw refused(`password is too easy to guess${why}. Use a longer passphrase of unrelated words`);
  }
}

function refused(reason: string): AuthError {
  return new AuthError('VALIDATION_FAILED', `Validation failed: ${reason}.`, [{ path: 'password', message: reason }]);
}
