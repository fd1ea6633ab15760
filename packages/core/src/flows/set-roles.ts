import { AuthError } from '../errors/auth-error.js';
import { PRIVILEGED_ROLES, type Role } from '../roles/roles.js';
import type { AccessTokenPayload } from '../tokens/token-claims.js';
import { parseInput, setRolesInput } from '../validation/input-schemas.js';
import type { FlowContext } from './flow-context.js';
import { toUserProfile, type UserProfile } from './user-views.js';

const isPrivileged = (role: Role) => PRIVILEGED_ROLES.includes(role);

/**
 * Replaces a user's roles. Deny by default: the actor must hold `admin` or `super`; only a `super`
 * may grant `super` or `admin`, or change the roles of a user who holds one of them (so an admin
 * cannot demote another admin or a super). The change reaches tokens at the next login or refresh.
 */
export async function setRoles(
  ctx: FlowContext,
  actor: Pick<AccessTokenPayload, 'id' | 'roles'>,
  targetUserId: string,
  body: unknown,
): Promise<UserProfile> {
  const { roles } = parseInput(setRolesInput, body);
  const next = [...new Set(roles)];
  const actorIsSuper = actor.roles.includes('super');
  if (!actorIsSuper && !actor.roles.includes('admin')) {
    throw new AuthError('INSUFFICIENT_ROLE', 'You do not have a role that allows this.');
  }
  const target = await ctx.store.users.findUserById(targetUserId);
  if (!target) throw new AuthError('USER_NOT_FOUND', 'No user has this id.');
  if (!actorIsSuper && (next.some(isPrivileged) || target.roles.some(isPrivileged))) {
    throw new AuthError('ROLE_GRANT_FORBIDDEN', 'Only a super administrator may grant or change the super and admin roles.');
  }
  const now = ctx.clock.now();
  const updated = await ctx.store.users.setUserRoles(target.id, next, now);
  if (!updated) throw new AuthError('USER_NOT_FOUND', 'No user has this id.');
  ctx.emit({ type: 'roles.changed', at: now, userId: target.id, detail: { actorId: actor.id, roles: [...updated.roles] } });
  return toUserProfile(updated);
}
