import { AuthError } from '../errors/auth-error.js';
import { hashOneTimeToken } from '../one-time/one-time-token.js';
import { parseInput, verifyEmailInput } from '../validation/input-schemas.js';
import type { FlowContext } from './flow-context.js';

/** Consumes the confirmation token and activates the account. */
export async function verifyEmail(ctx: FlowContext, query: unknown): Promise<{ message: string }> {
  const { token } = parseInput(verifyEmailInput, query);
  const now = ctx.clock.now();
  const owner = await ctx.store.oneTimeTokens.consumeOneTimeToken(await hashOneTimeToken(token), 'email-verification', now);
  if (!owner) {
    throw new AuthError('ONE_TIME_TOKEN_INVALID', 'The confirmation link is invalid, was already used or has expired.');
  }
  await ctx.store.users.markEmailVerified(owner.userId, now);
  return { message: 'Your e-mail address is confirmed.' };
}
