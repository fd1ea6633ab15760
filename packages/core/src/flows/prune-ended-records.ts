import type { FlowContext } from '../flow-kit/flow-context.js';

/** How many stored records a cleanup deleted, per kind. */
export interface PruneResult {
  refreshTokens: number;
  oneTimeTokens: number;
  /** Ended rate-limit windows (SQL limiter); 0 for limiters that expire their own (memory, Redis). */
  rateLimitWindows: number;
  /** Sessions whose refresh tokens are pruned with them. */
  sessions: number;
  /** Revocation records no access token can outlive any more. */
  revocations: number;
}

/**
 * Deletes what can never be used again: refresh tokens expired longer ago than any access token of
 * their session can live (so the strict mode's `sid` check still sees a revoked session while its
 * access tokens might be presented), consumed, voided or expired one-time tokens, and ended
 * rate-limit windows. Nothing depends on it for correctness; it keeps tables from growing without
 * end. Run it from a periodic job (the example server does every 10 minutes).
 */
export async function pruneEndedRecords(ctx: FlowContext): Promise<PruneResult> {
  const now = ctx.clock.now();
  const accessTokenLifetime = (ctx.config.accessTokenTtl + ctx.config.jitterSeconds) * 1000;
  const refreshTokens = await ctx.store.refreshTokens.deleteRefreshTokensExpiredBefore(new Date(now.getTime() - accessTokenLifetime));
  const oneTimeTokens = await ctx.store.oneTimeTokens.deleteEndedOneTimeTokens(now);
  const rateLimitWindows = (await ctx.rateLimiter.deleteEndedWindows?.(now)) ?? 0;
  const sessions = await ctx.store.sessions.deleteSessionsExpiredBefore(new Date(now.getTime() - accessTokenLifetime));
  const revocations = await ctx.store.revocations.deleteRevocationsExpiredBefore(now);
  return { refreshTokens, oneTimeTokens, rateLimitWindows, sessions, revocations };
}
