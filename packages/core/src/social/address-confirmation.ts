import { runInBackground, type FlowContext } from '../flow-kit/flow-context.js';
import { mayMail } from '../flow-kit/rate-limits.js';
import { createOneTimeToken } from '../one-time/one-time-token.js';

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
