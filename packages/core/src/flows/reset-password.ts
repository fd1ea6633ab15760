import { AuthError } from '../errors/auth-error.js';
import { hashOneTimeToken } from '../one-time/one-time-token.js';
import { endUnprovenIdentities } from '../social/end-unproven-identities.js';
import { parseInput, resetPasswordInput } from '../validation/input-schemas.js';
import type { FlowContext } from '../flow-kit/flow-context.js';
import { assertNewPasswordAcceptable } from '../flow-kit/new-password.js';
import { clearAccountLoginFailures, enforceClientLimit } from '../flow-kit/rate-limits.js';
import { liveSessionIds, revokeSessionAccess } from '../flow-kit/revoke-access.js';
import type { RequestContext } from '../flow-kit/request-context.js';

/**
 * Sets a new password with the token from the reset mail. The token is checked before the (costly)
 * hash and consumed only together with the password change, in one store transaction that also
 * revokes every refresh token of the user: a request that fails validation leaves the token usable.
 */
export async function resetPassword(ctx: FlowContext, body: unknown, request: RequestContext = {}): Promise<{ message: string }> {
  const now = ctx.clock.now();
  await enforceClientLimit(ctx, request, now);
  const input = parseInput(resetPasswordInput, body);
  if (input.password !== input.confirmPassword) {
    throw new AuthError('PASSWORD_MISMATCH', undefined, [{ path: 'confirmPassword', message: 'confirmPassword must equal password' }]);
  }
  const tokenHash = await hashOneTimeToken(input.token);
  const owner = await ctx.store.oneTimeTokens.findActiveOneTimeToken(tokenHash, 'password-reset', now);
  const user = owner && (await ctx.store.users.findUserById(owner.userId));
  if (!user) throw new AuthError('ONE_TIME_TOKEN_INVALID');
  // A link mailed before the account was disabled must not reopen it: disabled means no way in.
  if (user.disabledAt) throw new AuthError('ACCOUNT_DISABLED');
  await assertNewPasswordAcceptable(ctx, input.password, user);
  const passwordHash = await ctx.hasher.hash(input.password);
  const sessions = await liveSessionIds(ctx, user.id, now);
  const done = await ctx.store.completePasswordReset({ tokenHash, passwordHash, now });
  if (!done) throw new AuthError('ONE_TIME_TOKEN_INVALID');
  await revokeSessionAccess(ctx, sessions, now);
  // The token came by mail to this address, so using it proves the mailbox, as a confirmation does.
  if (!user.isActive) await ctx.store.users.markEmailVerified(done.userId, now);
  // The owner proved the mailbox: failed logins before the reset no longer hold password login shut.
  if (user.email) await clearAccountLoginFailures(ctx, user.email);
  // Social sign-in's takeover rule: proving the mailbox ends identities that never proved this address.
  const identitiesEnded = await endUnprovenIdentities(ctx, done.userId, user.email);
  ctx.emit({
    type: 'password.reset',
    at: now,
    userId: done.userId,
    clientAddress: request.clientAddress,
    ...(identitiesEnded.length > 0 ? { detail: { identitiesEnded } } : {}),
  });
  return { message: 'Your password has been reset. Please log in with your new password.' };
}
