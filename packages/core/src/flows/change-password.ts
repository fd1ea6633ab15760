import { AuthError } from '../errors/auth-error.js';
import { changePasswordInput } from '../validation/account-inputs.js';
import { parseInput } from '../validation/input-schemas.js';
import { normalizePassword } from '../validation/password-text.js';
import { assertNewPasswordAcceptable } from '../flow-kit/new-password.js';
import { confirmCurrentPassword } from '../flow-kit/current-password.js';
import { runInBackground, type FlowContext } from '../flow-kit/flow-context.js';
import { enforceClientLimit } from '../flow-kit/rate-limits.js';
import type { RequestContext } from '../flow-kit/request-context.js';
import { liveSessionIds, revokeSessionAccess } from '../flow-kit/revoke-access.js';
import { securityNotice } from '../flow-kit/security-notice.js';
import { requireSessionId, requireSignedInUser, type Caller } from '../flow-kit/signed-in-user.js';

/**
 * `PUT /users/me/password { currentPassword, password, confirmPassword }` (ASVS 5.0 6.2.2, 6.2.3):
 * the current password proves it is the owner (a wrong one is 401, counted like a failed login);
 * the new one follows the registration rules. Every other session ends (refresh tokens revoked,
 * access tokens refused on every instance); the caller's stays signed in. A notice goes to the
 * account's address.
 */
export async function changePassword(
  ctx: FlowContext,
  caller: Caller,
  body: unknown,
  request: RequestContext = {},
): Promise<{ message: string }> {
  const now = ctx.clock.now();
  await enforceClientLimit(ctx, request, now);
  const input = parseInput(changePasswordInput, body);
  if (input.password !== input.confirmPassword) {
    throw new AuthError('PASSWORD_MISMATCH', undefined, [{ path: 'confirmPassword', message: 'confirmPassword must equal password' }]);
  }
  const sessionId = requireSessionId(caller);
  const user = await requireSignedInUser(ctx, caller);
  await confirmCurrentPassword(ctx, user, input.currentPassword, request, now);
  await assertNewPasswordAcceptable(ctx, input.password, user);
  const passwordHash = await ctx.hasher.hash(normalizePassword(input.password));

  // Sessions first, then the password: a failure in between leaves sessions ended, never a new
  // password with a thief's session still alive.
  const others = (await liveSessionIds(ctx, user.id, now)).filter((id) => id !== sessionId);
  for (const id of others) await ctx.store.refreshTokens.revokeRefreshTokenFamily(id, now);
  await revokeSessionAccess(ctx, others, now);
  await ctx.store.users.changePassword(user.id, passwordHash, now);

  ctx.emit({
    type: 'password.changed',
    at: now,
    userId: user.id,
    clientAddress: request.clientAddress,
    detail: { sessionsEnded: others.length },
  });
  const to = user.email;
  if (to !== null) {
    const notice = securityNotice(request, now);
    runInBackground(ctx, { operation: 'password-changed', userId: user.id }, () =>
      ctx.mailer.send({ kind: 'password-changed', to, ...(user.isActive ? { firstName: user.firstName } : {}), notice }),
    );
  }
  return { message: 'Your password has been changed. Your other devices have been signed out.' };
}
