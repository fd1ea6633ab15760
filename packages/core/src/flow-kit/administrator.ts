import { AuthError } from '../errors/auth-error.js';
import type { UserRecord } from '../ports/user-store.js';
import { PRIVILEGED_ROLES } from '../roles/roles.js';
import type { FlowContext } from './flow-context.js';

/** Who asks for a privileged action: only the id counts; roles are read from the store. */
export interface Actor {
  id: string;
}

/** `super` and `admin`, the administrators of CONTRACT §8, whatever else the app configures. */
const isPrivileged = (role: string): boolean => (PRIVILEGED_ROLES as readonly string[]).includes(role);

/**
 * The actor as the store knows it now, if it holds `admin` or `super` now. The roles in an access
 * token are those of issue time: a `super` demoted a minute ago still carries `super` in its token,
 * so privileged actions never trust it. Deny by default: an unknown actor is refused too.
 */
export async function requireAdministrator(ctx: FlowContext, actor: Actor): Promise<UserRecord> {
  const current = await ctx.store.users.findUserById(actor.id);
  if (!current || !current.roles.some(isPrivileged)) {
    throw new AuthError('INSUFFICIENT_ROLE');
  }
  return current;
}

/**
 * Whether `actor` may act on `target`'s sessions, status or account: only if it may grant every
 * role the target holds (by default only a `super` acts on a `super` or an `admin`), the rule that
 * guards role changes. Else `ROLE_GRANT_FORBIDDEN` (403).
 */
export function assertAuthorityOver(ctx: FlowContext, actor: UserRecord, target: UserRecord): void {
  if (!target.roles.every((role) => ctx.roles.mayGrant(actor.roles, role))) {
    throw new AuthError('ROLE_GRANT_FORBIDDEN');
  }
}
