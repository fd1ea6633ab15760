import { AuthError } from '../errors/auth-error.js';
import { parseInput } from '../validation/input-schemas.js';
import { requireAdministrator, type Actor } from '../flow-kit/administrator.js';
import type { FlowContext } from '../flow-kit/flow-context.js';
import { toUserProfile, type UserProfile } from '../flow-kit/user-views.js';

/**
 * Replaces a user's roles. Deny by default: the actor must hold `admin` or `super` *in the store
 * now* (not in its token); it must be allowed by the grant policy to grant every role the target
 * holds before and after (by default only a `super` grants `super` or `admin`, so an admin cannot
 * change the roles of another admin or a super, CONTRACT §7); and the last `super`
 * cannot lose the role (`LAST_SUPER`), or nobody could grant admin any more. The change reaches the
 * target's tokens at its next refresh; with `checkTokenVersion`, it bumps the target's token version,
 * so its live access and refresh tokens end at once and it signs in again with the new roles.
 */
export async function setRoles(ctx: FlowContext, actor: Actor, targetUserId: string, body: unknown): Promise<UserProfile<string>> {
  const { roles } = parseInput(ctx.roleInputs.setRoles, body);
  const next = [...new Set(roles)];
  const current = await requireAdministrator(ctx, actor);
  const target = await ctx.store.users.findUserById(targetUserId);
  if (!target) throw new AuthError('USER_NOT_FOUND');
  const touched = new Set([...target.roles, ...next]);
  if (![...touched].every((role) => ctx.roles.mayGrant(current.roles, role))) {
    throw new AuthError('ROLE_GRANT_FORBIDDEN');
  }
  const now = ctx.clock.now();
  // The store counts the supers and changes the roles in one atomic step (two supers demoting each
  // other at once); the strict mode bumps the token version in that step too.
  const updated = await ctx.store.users.setUserRoles(target.id, next, now, {
    keepLastSuper: true,
    bumpTokenVersion: ctx.config.checkTokenVersion,
  });
  if (!updated) throw new AuthError('USER_NOT_FOUND');
  ctx.emit({ type: 'roles.changed', at: now, userId: target.id, detail: { actorId: actor.id, roles: [...updated.roles] } });
  return toUserProfile(updated);
}
