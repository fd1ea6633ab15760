import { AuthError } from '../errors/auth-error.js';
import { hashOneTimeToken } from '../one-time/one-time-token.js';
import { parseInput, verifyEmailInput } from '../validation/input-schemas.js';
import type { FlowContext } from './flow-context.js';
import { enforceClientLimit } from './rate-limits.js';
import type { RequestContext } from './request-context.js';

/** Consumes the confirmation token and activates the account. */
export async function verifyEmail(ctx: FlowContext, query: unknown, request: RequestContext = {}): Promise<{ message: string }> {
  const now = ctx.clock.now();
  await enforceClientLimit(ctx, request, now);
  const { token } = parseInput(verifyEmailInput, query);
  const owner = await ctx.store.oneTimeTokens.consumeOneTimeToken(await hashOneTimeToken(token), 'email-verification', now);
  if (!owner) {
    throw new AuthError('ONE_TIME_TOKEN_INVALID', 'The confirmation link is invalid, was already used or has expired.');
  }
  await ctx.store.users.markEmailVerified(owner.userId, now);
  ctx.emit({ type: 'email.verified', at: now, userId: owner.userId, clientAddress: request.clientAddress });
  return { message: 'Your e-mail address is confirmed.' };
}
