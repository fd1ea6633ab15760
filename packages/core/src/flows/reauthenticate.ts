import { AuthError } from '../errors/auth-error.js';
import type { AuthenticationMethod } from '../tokens/authentication-methods.js';
import { confirmPasswordInput } from '../validation/account-inputs.js';
import { parseInput } from '../validation/input-schemas.js';
import { confirmCurrentPassword } from '../flow-kit/current-password.js';
import type { FlowContext } from '../flow-kit/flow-context.js';
import { enforceClientLimit } from '../flow-kit/rate-limits.js';
import type { RequestContext } from '../flow-kit/request-context.js';
import { requireSessionId, requireSignedInUser, type Caller } from '../flow-kit/signed-in-user.js';

/**
 * Proves a second factor of `userId` again (`{ code }` or a passkey assertion) and answers its
 * `amr` value; `auth.mfa.confirmSecondFactor`, passed in so the account flows need no MFA wiring.
 */
export type SecondFactorProof = (userId: string, body: unknown, request: RequestContext) => Promise<AuthenticationMethod>;

const provesSecondFactor = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && !('password' in body) && ('code' in body || 'challengeId' in body);

/**
 * `POST /auth/reauthenticate { password }` (or `{ code }`, or a passkey assertion `{ challengeId,
 * response }` with `proveSecondFactor`): the signed-in user proves the password again and gets
 * a new access token for the same session with a fresh `auth_time` (and `amr: ["pwd"]`); the
 * session remembers both, so its refreshes keep them. A wrong password is 401 and counts like a
 * failed login. The refresh token is unchanged.
 */
export async function reauthenticate(
  ctx: FlowContext,
  caller: Caller,
  body: unknown,
  request: RequestContext = {},
  proveSecondFactor?: SecondFactorProof,
): Promise<{ accessToken: string }> {
  const now = ctx.clock.now();
  await enforceClientLimit(ctx, request, now);
  const bySecondFactor = proveSecondFactor !== undefined && provesSecondFactor(body);
  const password = bySecondFactor ? undefined : parseInput(confirmPasswordInput, body).password;
  const sessionId = requireSessionId(caller);
  const user = await requireSignedInUser(ctx, caller);
  let amr: readonly AuthenticationMethod[];
  if (password === undefined) {
    // The second factor's own attempt limits and single use apply (confirmSecondFactor).
    amr = [await proveSecondFactor!(user.id, body, request)];
  } else {
    await confirmCurrentPassword(ctx, user, password, request, now);
    amr = ['pwd'];
  }
  // Conditional in the store: a session ended meanwhile (logout elsewhere) is not brought back.
  if (!(await ctx.store.sessions.recordReauthentication(sessionId, user.id, now, amr, now))) {
    throw new AuthError('TOKEN_INVALID');
  }
  const roles = user.roles.filter(ctx.roles.isRole);
  const authTime = Math.floor(now.getTime() / 1000);
  const access = await ctx.tokens.signAccessToken({ ...user, roles }, now, { sessionId, authTime, amr });
  ctx.emit({ type: 'session.reauthenticated', at: now, userId: user.id, clientAddress: request.clientAddress });
  return { accessToken: access.token };
}
