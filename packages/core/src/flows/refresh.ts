import { AuthError } from '../errors/auth-error.js';
import type { TokenPair } from '../tokens/token-claims.js';
import { parseInput, refreshInput } from '../validation/input-schemas.js';
import type { FlowContext } from './flow-context.js';
import { issueTokenPair } from './issue-token-pair.js';
import { enforceClientLimit } from './rate-limits.js';
import type { RequestContext } from './request-context.js';

/**
 * Rotation: the presented refresh token is used up and a new pair in the same family is returned.
 * A token that was already used (or revoked) means the family may be stolen: the whole family is
 * revoked and the caller gets 401. The user is read again, so role changes take effect here.
 */
export async function refresh(ctx: FlowContext, body: unknown, request: RequestContext = {}): Promise<TokenPair> {
  const now = ctx.clock.now();
  await enforceClientLimit(ctx, request, now);
  const { refreshToken } = parseInput(refreshInput, body);
  const claims = await ctx.tokens.verifyRefreshToken(refreshToken, now);

  // The user first: a refresh refused for an unconfirmed address must not use the token up, or the
  // same token would count as stolen once the address is confirmed.
  const user = await ctx.store.users.findUserById(claims.sub);
  if (!user) throw new AuthError('TOKEN_INVALID', 'The token is invalid.');
  if (ctx.config.requireEmailVerification && !user.isActive) {
    throw new AuthError('EMAIL_NOT_VERIFIED', 'Please confirm your e-mail address first.');
  }

  if (!(await ctx.store.refreshTokens.consumeRefreshToken(claims.jti, now))) {
    // The signature proved the family id is ours, so revoking it cannot be abused across users.
    await ctx.store.refreshTokens.revokeRefreshTokenFamily(claims.fam, now);
    ctx.emit({ type: 'token.reuse_detected', at: now, userId: claims.sub, clientAddress: request.clientAddress });
    throw new AuthError('REFRESH_TOKEN_REUSED', 'The refresh token has already been used or was revoked.');
  }

  const pair = await issueTokenPair(ctx, user, now, claims.fam);
  ctx.emit({ type: 'token.refreshed', at: now, userId: user.id, clientAddress: request.clientAddress });
  return pair;
}
