import { AuthError } from '../errors/auth-error.js';
import { accountStatusInput } from '../validation/account-inputs.js';
import { parseInput } from '../validation/input-schemas.js';
import { assertAuthorityOver, requireAdministrator, type Actor } from '../flow-kit/administrator.js';
import type { FlowContext } from '../flow-kit/flow-context.js';
import type { RequestContext } from '../flow-kit/request-context.js';
import { revokeUserAccess } from '../flow-kit/revoke-access.js';
import { toUserProfile, type UserProfile } from '../flow-kit/user-views.js';

/**
 * `PUT /users/:id/status { disabled }`: an administrator disables or enables an account. The actor
 * must hold `admin` or `super` in the store now, and may act only on users whose roles it may grant
 * (an admin cannot disable a super or another admin); nobody disables their own account. Disabling
 * revokes every refresh token in the same store step and refuses the account's access tokens on
 * every instance; the account then cannot sign in by any method until it is enabled again.
 */
export async function setAccountStatus(
  ctx: FlowContext,
  actor: Actor,
  targetUserId: string,
  body: unknown,
  request: RequestContext = {},
): Promise<UserProfile<string>> {
  const { disabled } = parseInput(accountStatusInput, body);
  const current = await requireAdministrator(ctx, actor);
  const target = /^[\w-]{1,64}$/.test(targetUserId) ? await ctx.store.users.findUserById(targetUserId) : null;
  if (!target) throw new AuthError('USER_NOT_FOUND');
  assertAuthorityOver(ctx, current, target);
  if (disabled && target.id === current.id) {
    throw new AuthError('VALIDATION_FAILED', 'You cannot disable your own account.', [
      { path: 'disabled', message: 'you cannot disable your own account' },
    ]);
  }
  const now = ctx.clock.now();
  const updated = await ctx.store.accounts.setUserDisabled(target.id, disabled, now);
  if (!updated) throw new AuthError('USER_NOT_FOUND');
  if (disabled) await revokeUserAccess(ctx, target.id);
  ctx.emit({
    type: disabled ? 'account.disabled' : 'account.enabled',
    at: now,
    userId: target.id,
    clientAddress: request.clientAddress,
    detail: { actorId: actor.id },
  });
  return toUserProfile(updated);
}

/** For trusted code (the CLI): disables or enables the account as `setAccountStatus` does, without an actor. */
export async function setUserDisabledNow(ctx: FlowContext, userId: string, disabled: boolean): Promise<UserProfile<string>> {
  const now = ctx.clock.now();
  const updated = await ctx.store.accounts.setUserDisabled(userId, disabled, now);
  if (!updated) throw new AuthError('USER_NOT_FOUND');
  if (disabled) await revokeUserAccess(ctx, userId);
  ctx.emit({ type: disabled ? 'account.disabled' : 'account.enabled', at: now, userId, detail: { actor: 'trusted code' } });
  return toUserProfile(updated);
}
