import { AuthError } from '../errors/auth-error.js';
import { runInBackground, type FlowContext } from '../flows/flow-context.js';
import { mayMail } from '../flows/rate-limits.js';
import type { RequestContext } from '../flows/request-context.js';
import { createOneTimeToken } from '../one-time/one-time-token.js';
import { forgotPasswordInput, parseInput } from '../validation/input-schemas.js';

/**
 * Mails a confirmation link for `email` in the background (the verify-email link of every account).
 * `email-change` tokens carry the address, which is set only when the link is followed.
 */
export function mailAddressConfirmation(
  ctx: FlowContext,
  user: { id: string; firstName: string },
  email: string,
  purpose: 'email-verification' | 'email-change',
  now: Date,
): void {
  runInBackground(ctx, { operation: 'email-verification', userId: user.id }, async () => {
    if (!(await mayMail(ctx, email, 'email-verification', now))) return;
    const { token, tokenHash } = await createOneTimeToken(ctx.random);
    const expiresAt = new Date(now.getTime() + ctx.config.emailVerificationTtl * 1000);
    await ctx.store.oneTimeTokens.saveOneTimeToken({
      tokenHash,
      purpose,
      userId: user.id,
      createdAt: now,
      expiresAt,
      ...(purpose === 'email-change' ? { email } : {}),
    });
    // The address is not proved yet: no text the account chose goes to it (no name).
    await ctx.mailer.send({ kind: 'email-verification', to: email, token, expiresAt });
  });
}

/**
 * `PUT /users/me/email`: mails a confirmation link to the new address; the address is set when the
 * link is followed. 409 at once when another account has it; the check is repeated at confirmation.
 */
export async function requestEmailChange(
  ctx: FlowContext,
  userId: string,
  body: unknown,
  _request: RequestContext = {},
): Promise<{ message: string }> {
  const now = ctx.clock.now();
  const { email } = parseInput(forgotPasswordInput, body);
  const user = await ctx.store.users.findUserById(userId);
  if (!user) throw new AuthError('USER_NOT_FOUND');
  const owner = await ctx.store.users.findUserByEmail(email);
  if (owner && owner.id !== userId) throw new AuthError('EMAIL_TAKEN');
  mailAddressConfirmation(ctx, user, email, 'email-change', now);
  return { message: 'A confirmation link was sent to the new address.' };
}
