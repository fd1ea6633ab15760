import { AuthError } from '../errors/auth-error.js';
import type { AccessTokenPayload } from '../tokens/token-claims.js';
import type { FlowContext } from './flow-context.js';

/** What the route being guarded accepts beyond the default. */
export interface AccessTokenOptions {
  /**
   * The route is one an unconfirmed account needs to confirm its address (`PUT /users/me/email`):
   * a token issued before the address was confirmed passes even with `requireEmailVerification`.
   */
  allowUnconfirmed?: boolean;
}

/** `requireEmailVerification` is on, the route does not allow it, and the token was issued before the address was confirmed. */
const refusedUnconfirmed = (ctx: FlowContext, payload: AccessTokenPayload<string>, options: AccessTokenOptions) =>
  ctx.config.requireEmailVerification && !payload.emailVerified && options.allowUnconfirmed !== true;

/**
 * The guard's check. Stateless by default: signature, type, strict expiry and claims. With
 * `requireEmailVerification`, a token issued before the address was confirmed (registration's) is
 * refused with `EMAIL_NOT_VERIFIED` (403); a refresh after confirming gives one that passes. With
 * `checkTokenVersion`, one store read per request also refuses tokens issued before the user's
 * last password reset or logout-all, tokens whose session was revoked (logout: a second read, of
 * the refresh-token family named by `sid`), tokens that claim a role the user has lost since (a role
 * change ends them at once; the client refreshes to get the current roles), and tokens of deleted
 * users.
 */
export async function verifyAccessToken(
  ctx: FlowContext,
  token: string,
  options: AccessTokenOptions = {},
): Promise<AccessTokenPayload<string>> {
  const now = ctx.clock.now();
  const payload = await ctx.tokens.verifyAccessToken(token, now);
  // Its session ended or its user was disabled or deleted, on this instance or another.
  if (ctx.revocations.isRevoked(payload, now.getTime())) throw new AuthError('TOKEN_INVALID');
  if (refusedUnconfirmed(ctx, payload, options)) {
    throw new AuthError('EMAIL_NOT_VERIFIED');
  }
  if (!ctx.config.checkTokenVersion) return payload;
  const user = await ctx.store.users.findUserById(payload.id);
  if (!user || user.tokenVersion !== payload.ver || !payload.roles.every((role) => user.roles.includes(role))) {
    throw new AuthError('TOKEN_INVALID');
  }
  // Its session: `logout` revokes one family, and the access tokens issued to it end with it.
  if (payload.sid !== undefined && (await ctx.store.refreshTokens.isRefreshTokenFamilyRevoked(payload.sid))) {
    throw new AuthError('TOKEN_INVALID');
  }
  return payload;
}

/**
 * The guard's check without waiting, for the common case: the payload if `token` is in the
 * verified-token cache, still valid now, and would pass `verifyAccessToken` as it is; `undefined`
 * otherwise, and then the caller runs `verifyAccessToken`, which gives the answer and the error. A
 * miss is never a verdict. Always `undefined` with `checkTokenVersion`, whose store read cannot be
 * skipped (and which turns the cache off anyway).
 */
export function verifyCachedAccessToken(
  ctx: FlowContext,
  token: string,
  options: AccessTokenOptions = {},
): AccessTokenPayload<string> | undefined {
  if (ctx.config.checkTokenVersion) return undefined;
  const now = ctx.clock.now();
  const payload = ctx.tokens.cachedAccessToken(token, now);
  return payload && !ctx.revocations.isRevoked(payload, now.getTime()) && !refusedUnconfirmed(ctx, payload, options) ? payload : undefined;
}
