import { isCommonPassword } from '@gatehouse/common-passwords';
import { AuthError } from '../errors/auth-error.js';

/**
 * Refuses passwords that are easy to guess even when long enough: one of the most common breached
 * passwords (bundled list, offline), or the account's own e-mail address or username. Runs after
 * the length checks and before any hashing.
 */
export function assertPasswordAcceptable(password: string, account: { email: string; username: string }): void {
  const lowered = password.toLowerCase();
  const reason = isCommonPassword(password)
    ? 'password is too common: it appears in lists of breached passwords. Choose a less guessable one'
    : lowered === account.email.toLowerCase() || lowered === account.username.toLowerCase() || lowered === account.email.split('@')[0]?.toLowerCase()
      ? 'password must not be your e-mail address or username'
      : undefined;
  if (reason) {
    throw new AuthError('VALIDATION_FAILED', `Validation failed: ${reason}.`, [{ path: 'password', message: reason }]);
  }
}
