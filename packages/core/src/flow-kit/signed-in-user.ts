import { AuthError } from '../errors/auth-error.js';
import type { UserRecord } from '../ports/user-store.js';
import type { AccessTokenPayload } from '../tokens/token-claims.js';
import type { FlowContext } from './flow-context.js';

/** The caller of a route, as the guard verified it: its user id and its session. */
export type Caller = Pick<AccessTokenPayload<string>, 'id' | 'sid' | 'authTime'>;

/**
 * The caller's account as the store holds it now. A deleted account is `TOKEN_INVALID` (its token
 * is of nobody any more), a disabled one `ACCOUNT_DISABLED`.
 */
export async function requireSignedInUser(ctx: FlowContext, caller: Caller): Promise<UserRecord> {
  const user = await ctx.store.users.findUserById(caller.id);
  if (!user) throw new AuthError('TOKEN_INVALID');
  if (user.disabledAt) throw new AuthError('ACCOUNT_DISABLED');
  return user;
}

/** The caller's session id; a token of an earlier version has none and cannot do this. */
export function requireSessionId(caller: Caller): string {
  if (caller.sid === undefined) throw new AuthError('TOKEN_INVALID');
  return caller.sid;
}
