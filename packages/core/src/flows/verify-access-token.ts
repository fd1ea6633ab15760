import { AuthError } from '../errors/auth-error.js';
import type { AccessTokenPayload } from '../tokens/token-claims.js';
import type { FlowContext } from '../flow-kit/flow-context.js';

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
export function verifyAccessToken(ctx: FlowContext, token: string, options: AccessTokenOptions = {}): Promise<AccessTokenPayload<string>> {
  // A token this process verified before and that is still valid: the token service's cache
  // answers, in one settled promise rather than a chain of awaits (see docs/performance.md). Never
  // with `checkTokenVersion`, whose store read cannot be skipped.
  const now = ctx.clock.now();
  const hit = ctx.config.checkTokenVersion ? undefined : ctx.tokens.cachedAccessToken(token, now);
  if (hit) {
    // Its session ended or its user was disabled or deleted, on this instance or another.
    if (ctx.revocations.isRevoked(hit, now.getTime())) return Promise.reject(new AuthError('TOKEN_INVALID'));
    return refusedUnconfirmed(ctx, hit, options) ? Promise.reject(new AuthError('EMAIL_NOT_VERIFIED')) : Promise.resolve(hit);
  }
  return verifyInFull(ctx, token, options, now);
}

async function verifyInFull(ctx: FlowContext, token: string, options: AccessTokenOptions, now: Date): Promise<AccessTokenPayload<string>> {
  const payload = await ctx.tokens.verifyAccessToken(token, now);
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
