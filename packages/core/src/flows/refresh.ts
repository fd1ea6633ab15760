import { AuthError } from '../errors/auth-error.js';
import type { SessionRecord } from '../ports/session-store.js';
import { isAuthenticationMethod, type SessionAuthentication } from '../tokens/authentication-methods.js';
import type { RefreshTokenPayload, TokenPair } from '../tokens/token-claims.js';
import { parseInput, refreshInput } from '../validation/input-schemas.js';
import type { FlowContext } from '../flow-kit/flow-context.js';
import { issueTokenPair, signTokenPair } from '../flow-kit/issue-token-pair.js';
import { enforceClientLimit } from '../flow-kit/rate-limits.js';
import { revokeSessionAccess } from '../flow-kit/revoke-access.js';
import type { RequestContext } from '../flow-kit/request-context.js';

/**
 * A password reset or logout-all since this token was issued: every session of then has ended. A
 * refresh that raced the reset may have saved a successor the reset did not see; that successor
 * carries the old version and is refused here at its first use, and its family revoked.
 */
async function assertCurrentVersion(ctx: FlowContext, claims: RefreshTokenPayload, tokenVersion: number, now: Date): Promise<void> {
  if (claims.ver === undefined || claims.ver === tokenVersion) return;
  await ctx.store.refreshTokens.revokeRefreshTokenFamily(claims.fam, now);
  throw new AuthError('TOKEN_INVALID');
}

/**
 * The session a refresh continues: same `sid`, `auth_time` and `amr` (only a new authentication
 * moves them). The stored session says them, moved by a re-authentication since this token was
 * signed; a session of an earlier version (no record) keeps what its token says.
 */
function continuedSession(claims: RefreshTokenPayload, startedAt: number, stored: SessionRecord | null): SessionAuthentication {
  return {
    sessionId: claims.fam,
    startedAt,
    authTime: stored ? Math.floor(stored.authTime.getTime() / 1000) : startedAt,
    amr: (stored?.amr ?? claims.amr ?? []).filter(isAuthenticationMethod),
  };
}

/** `refreshTokenReuseInterval`: whether this token was rotated (not revoked) less than that long ago. */
async function withinReuseInterval(ctx: FlowContext, jti: string, userId: string, now: Date): Promise<boolean> {
  const interval = ctx.config.refreshTokenReuseInterval;
  if (interval === 0) return false;
  const usedAt = await ctx.store.refreshTokens.findRefreshTokenUse(jti, userId);
  return usedAt !== null && now.getTime() - usedAt.getTime() < interval * 1000;
}

/**
 * Rotation: the presented refresh token is used up and a new pair in the same family is returned.
 * A token that was already used (or revoked) means the family may be stolen: the whole family is
 * revoked and the caller gets 401, unless `refreshTokenReuseInterval` is on and the token was
 * rotated less than that long ago (two tabs refreshing at once): then it gets a pair of its own in
 * the same family. The user is read again, so role changes take effect here.
 */
export async function refresh(ctx: FlowContext, body: unknown, request: RequestContext = {}): Promise<TokenPair> {
  const now = ctx.clock.now();
  await enforceClientLimit(ctx, request, now);
  const { refreshToken } = parseInput(refreshInput, body);
  const claims = await ctx.tokens.verifyRefreshToken(refreshToken, now);

  // The user first: a refresh refused for an unconfirmed address must not use the token up, or the
  // same token would count as stolen once the address is confirmed.
  const user = await ctx.store.users.findUserById(claims.sub);
  if (!user) throw new AuthError('TOKEN_INVALID');
  if (user.disabledAt) throw new AuthError('ACCOUNT_DISABLED');
  if (ctx.config.requireEmailVerification && !user.isActive) {
    throw new AuthError('EMAIL_NOT_VERIFIED');
  }

  const sessionStartedAt = claims.authTime ?? claims.iat;
  if (Math.floor(now.getTime() / 1000) >= sessionStartedAt + ctx.config.sessionMaxLifetime) {
    throw new AuthError('TOKEN_EXPIRED');
  }

  if (!(await ctx.store.refreshTokens.consumeRefreshToken(claims.jti, claims.sub, now))) {
    if (await withinReuseInterval(ctx, claims.jti, claims.sub, now)) {
      // A second refresh with the same token moments later (another tab): a pair of its own, same family.
      await assertCurrentVersion(ctx, claims, user.tokenVersion, now);
      const stored = await ctx.store.sessions.findSession(claims.fam, user.id, now);
      return issueTokenPair(ctx, user, now, continuedSession(claims, sessionStartedAt, stored));
    }
    // The signature proved the family id is ours, so revoking it cannot be abused across users.
    await ctx.store.refreshTokens.revokeRefreshTokenFamily(claims.fam, now);
    await revokeSessionAccess(ctx, [claims.fam], now);
    ctx.emit({ type: 'token.reuse_detected', at: now, userId: claims.sub, clientAddress: request.clientAddress });
    throw new AuthError('REFRESH_TOKEN_REUSED');
  }

  await assertCurrentVersion(ctx, claims, user.tokenVersion, now);
  const stored = await ctx.store.sessions.findSession(claims.fam, user.id, now);
  const { pair, refreshRecord } = await signTokenPair(ctx, user, now, continuedSession(claims, sessionStartedAt, stored));
  await ctx.store.refreshTokens.saveRefreshToken(refreshRecord);
  await ctx.store.sessions.recordSessionUse(claims.fam, user.id, {
    at: now,
    expiresAt: refreshRecord.expiresAt,
    userAgent: request.userAgent ?? null,
    ipAddress: request.clientAddress ?? null,
  });
  ctx.emit({ type: 'token.refreshed', at: now, userId: user.id, clientAddress: request.clientAddress });
  return pair;
}
