import { AuthError } from '../errors/auth-error.js';
import { hashOneTimeToken } from '../one-time/one-time-token.js';
import { endUnprovenIdentities } from '../social/end-unproven-identities.js';
import { parseInput, verifyEmailInput } from '../validation/input-schemas.js';
import type { FlowContext } from '../flow-kit/flow-context.js';
import { enforceClientLimit } from '../flow-kit/rate-limits.js';
import type { RequestContext } from '../flow-kit/request-context.js';

/**
 * Consumes the confirmation token and activates the account. The same link confirms a new address
 * asked for with `PUT /users/me/email` (an `email-change` token, which carries the address): that
 * address is set then, or 409 if another account took it meanwhile.
 */
export async function verifyEmail(ctx: FlowContext, query: unknown, request: RequestContext = {}): Promise<{ message: string }> {
  const now = ctx.clock.now();
  await enforceClientLimit(ctx, request, now);
  const { token } = parseInput(verifyEmailInput, query);
  const tokenHash = await hashOneTimeToken(token);
  const owner =
    (await ctx.store.oneTimeTokens.consumeOneTimeToken(tokenHash, 'email-verification', now)) ??
    (await ctx.store.oneTimeTokens.consumeOneTimeToken(tokenHash, 'email-change', now));
  if (!owner) {
    throw new AuthError('ONE_TIME_TOKEN_INVALID');
  }
  let identitiesEnded: string[] = [];
  if (owner.email) await ctx.store.users.setConfirmedEmail(owner.userId, owner.email, now);
  else {
    await ctx.store.users.markEmailVerified(owner.userId, now);
    // Social sign-in's takeover rule: the account's own address, proven, ends identities that never proved it.
    const user = await ctx.store.users.findUserById(owner.userId);
    identitiesEnded = await endUnprovenIdentities(ctx, owner.userId, user?.email ?? null);
  }
  ctx.emit({
    type: owner.email ? 'email.changed' : 'email.verified',
    at: now,
    userId: owner.userId,
    clientAddress: request.clientAddress,
    ...(identitiesEnded.length > 0 ? { detail: { identitiesEnded } } : {}),
  });
  return { message: 'Your e-mail address is confirmed.' };
}
