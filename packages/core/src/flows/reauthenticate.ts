import { AuthError } from '../errors/auth-error.js';
import { confirmPasswordInput } from '../validation/account-inputs.js';
import { parseInput } from '../validation/input-schemas.js';
import { confirmCurrentPassword } from './current-password.js';
import type { FlowContext } from './flow-context.js';
import { enforceClientLimit } from './rate-limits.js';
import type { RequestContext } from './request-context.js';
import { requireSessionId, requireSignedInUser, type Caller } from './signed-in-user.js';

/**
 * `POST /auth/reauthenticate { password }`: the signed-in user proves the password again and gets
 * a new access token for the same session with a fresh `auth_time` (and `amr: ["pwd"]`); the
 * session remembers both, so its refreshes keep them. A wrong password is 401 and counts like a
 * failed login. The refresh token is unchanged.
 */
export async function reauthenticate(
  ctx: FlowContext,
  caller: Caller,
  body: unknown,
  request: RequestContext = {},
): Promise<{ accessToken: string }> {
  const now = ctx.clock.now();
  await enforceClientLimit(ctx, request, now);
  const { password } = parseInput(confirmPasswordInput, body);
  const sessionId = requireSessionId(caller);
  const user = await requireSignedInUser(ctx, caller);
  await confirmCurrentPassword(ctx, user, password, request, now);
  const amr = ['pwd'] as const;
  // Conditional in the store: a session ended meanwhile (logout elsewhere) is not brought back.
  if (!(await ctx.store.sessions.recordReauthentication(sessionId, user.id, now, amr, now))) {
    throw new AuthError('TOKEN_INVALID', 'This session has ended. Please log in again.');
  }
  const roles = user.roles.filter(ctx.roles.isRole);
  const authTime = Math.floor(now.getTime() / 1000);
  const access = await ctx.tokens.signAccessToken({ ...user, roles }, now, { sessionId, authTime, amr });
  ctx.emit({ type: 'session.reauthenticated', at: now, userId: user.id, clientAddress: request.clientAddress });
  return { accessToken: access.token };
}
