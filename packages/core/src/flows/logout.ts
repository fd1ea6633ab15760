import { AuthError } from '../errors/auth-error.js';
import { parseInput, refreshInput } from '../validation/input-schemas.js';
import type { FlowContext } from './flow-context.js';

/**
 * Ends one session: revokes the presented refresh token and its rotation family. Idempotent for a
 * token that is already used or revoked; an expired but genuine token still ends its family.
 */
export async function logout(ctx: FlowContext, body: unknown): Promise<void> {
  const { refreshToken } = parseInput(refreshInput, body);
  const now = ctx.clock.now();
  let family: string;
  try {
    family = (await ctx.tokens.verifyRefreshToken(refreshToken, now)).fam;
  } catch (error) {
    if (!(error instanceof AuthError) || error.code !== 'TOKEN_EXPIRED') throw error;
    return; // an expired refresh token can no longer be used: nothing is left to revoke
  }
  await ctx.store.refreshTokens.revokeRefreshTokenFamily(family, now);
}

/** Ends every session of the user: every refresh token is revoked. */
export async function logoutAll(ctx: FlowContext, userId: string): Promise<void> {
  await ctx.store.refreshTokens.revokeAllRefreshTokens(userId, ctx.clock.now());
}
