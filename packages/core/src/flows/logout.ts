import { AuthError } from '../errors/auth-error.js';
import { parseInput, refreshInput } from '../validation/input-schemas.js';
import type { FlowContext } from '../flow-kit/flow-context.js';
import { enforceClientLimit } from '../flow-kit/rate-limits.js';
import { liveSessionIds, revokeSessionAccess } from '../flow-kit/revoke-access.js';
import type { RequestContext } from '../flow-kit/request-context.js';

/**
 * Ends one session: revokes the presented refresh token and its rotation family. Idempotent for a
 * token that is already used or revoked; an expired but genuine token still ends its family.
 */
export async function logout(ctx: FlowContext, body: unknown, request: RequestContext = {}): Promise<void> {
  const now = ctx.clock.now();
  await enforceClientLimit(ctx, request, now);
  const { refreshToken } = parseInput(refreshInput, body);
  let claims;
  try {
    claims = await ctx.tokens.verifyRefreshToken(refreshToken, now);
  } catch (error) {
    if (!(error instanceof AuthError) || error.code !== 'TOKEN_EXPIRED') throw error;
    return; // an expired refresh token can no longer be used: nothing is left to revoke
  }
  await ctx.store.refreshTokens.revokeRefreshTokenFamily(claims.fam, now);
  await revokeSessionAccess(ctx, [claims.fam], now);
  ctx.emit({ type: 'logout', at: now, userId: claims.sub, clientAddress: request.clientAddress });
}

/**
 * Ends every session of the user: every refresh token is revoked, the token version bumped, and
 * the access tokens of its sessions refused on every instance (the revocation list).
 */
export async function logoutAll(ctx: FlowContext, userId: string, request: RequestContext = {}): Promise<void> {
  const now = ctx.clock.now();
  const sessions = await liveSessionIds(ctx, userId, now);
  await ctx.store.refreshTokens.revokeAllRefreshTokens(userId, now);
  await ctx.store.users.bumpTokenVersion(userId, now);
  await revokeSessionAccess(ctx, sessions, now);
  ctx.emit({ type: 'logout.all', at: now, userId, clientAddress: request.clientAddress });
}
