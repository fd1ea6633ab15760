import { AuthError, isUnavailable } from '../errors/auth-error.js';
import type { UserRecord } from '../ports/user-store.js';
import type { FlowContext } from './flow-context.js';
import { verifyTypedPassword } from '../validation/password-verification.js';
import {
  clearAccountLoginFailures,
  clearLoginFailures,
  countAccountLoginAttempt,
  countLoginAttempt,
  releaseAccountLoginAttempt,
  releaseLoginAttempt,
} from './rate-limits.js';
import { maskEmail, type RequestContext } from './request-context.js';

/**
 * Checks the password a signed-in user typed to confirm a sensitive action (re-authentication,
 * password change, account deletion). It is counted exactly like a login attempt of that account
 * from that client, before the hash: a stolen access token gives no faster way to guess the
 * password than the login form. A wrong password is `INVALID_CREDENTIALS` (401) and an audit
 * `login.failed`; an account without a password (social only) never matches.
 */
export async function confirmCurrentPassword(
  ctx: FlowContext,
  user: UserRecord,
  password: string,
  request: RequestContext,
  now: Date,
): Promise<void> {
  // An account without an address is counted under its id, which no address can equal.
  const key = user.email ?? `user:${user.id}`;
  await countLoginAttempt(ctx, key, request, now);
  let matches: boolean;
  try {
    await countAccountLoginAttempt(ctx, key, request, now);
    // The typed password in its NFKC form, as at login (and the raw form for hashes made before).
    matches = user.passwordHash
      ? (await verifyTypedPassword(ctx.hasher, user.passwordHash, password)) !== false
      : await verifyTypedPassword(ctx.hasher, await ctx.dummyPasswordHash(), password).then(() => false);
  } catch (error) {
    if (isUnavailable(error)) {
      await releaseLoginAttempt(ctx, key, request, now);
      await releaseAccountLoginAttempt(ctx, key, now);
    }
    throw error;
  }
  if (!matches) {
    ctx.emit({
      type: 'login.failed',
      at: now,
      userId: user.id,
      ...(user.email ? { email: maskEmail(user.email) } : {}),
      clientAddress: request.clientAddress,
      detail: { method: 'confirm-password' },
    });
    throw new AuthError('INVALID_CREDENTIALS');
  }
  await clearLoginFailures(ctx, key, request);
  await clearAccountLoginFailures(ctx, key);
}
