import { confirmPasswordInput } from '../validation/account-inputs.js';
import { parseInput } from '../validation/input-schemas.js';
import { assertRecentAuthentication } from '../flow-kit/assert-recent-authentication.js';
import { confirmCurrentPassword } from '../flow-kit/current-password.js';
import type { FlowContext } from '../flow-kit/flow-context.js';
import { enforceClientLimit } from '../flow-kit/rate-limits.js';
import type { RequestContext } from '../flow-kit/request-context.js';
import { revokeUserAccess } from '../flow-kit/revoke-access.js';
import { requireSignedInUser, type Caller } from '../flow-kit/signed-in-user.js';

/**
 * `DELETE /users/me { password }`: the owner deletes the account. It needs a recent authentication
 * (`REAUTHENTICATION_REQUIRED` otherwise) and the password; an account without one (social sign-in
 * only) is proved by the recent authentication alone. The account goes in one store transaction
 * with its roles, identities, sessions, factors and one-time tokens; its address and username are
 * free again; its access tokens are refused everywhere from then on, also one that a refresh in
 * flight signs.
 */
export async function deleteAccount(ctx: FlowContext, caller: Caller, body: unknown, request: RequestContext = {}): Promise<void> {
  const now = ctx.clock.now();
  await enforceClientLimit(ctx, request, now);
  assertRecentAuthentication(caller, now, ctx.config.reauthMaxAge);
  const user = await requireSignedInUser(ctx, caller);
  // An account without a password proved itself by the recent (social) authentication alone.
  if (user.passwordHash !== null) {
    const { password } = parseInput(confirmPasswordInput, body);
    await confirmCurrentPassword(ctx, user, password, request, now);
  }
  if (await ctx.store.accounts.deleteUser(user.id)) {
    await revokeUserAccess(ctx, user.id);
    ctx.emit({ type: 'account.deleted', at: now, userId: user.id, clientAddress: request.clientAddress, detail: { actorId: user.id } });
  }
}

/** For trusted code (the CLI): deletes the account as `deleteAccount` does, without asking anyone. */
export async function deleteUserNow(ctx: FlowContext, userId: string): Promise<boolean> {
  const now = ctx.clock.now();
  if (!(await ctx.store.accounts.deleteUser(userId))) return false;
  await revokeUserAccess(ctx, userId);
  ctx.emit({ type: 'account.deleted', at: now, userId, detail: { actor: 'trusted code' } });
  return true;
}
