import { createOneTimeToken } from '../one-time/one-time-token.js';
import { forgotPasswordInput, parseInput } from '../validation/input-schemas.js';
import { runInBackground, type FlowContext } from '../flow-kit/flow-context.js';
import { enforceClientLimit, mayMail } from '../flow-kit/rate-limits.js';
import { maskEmail, type RequestContext } from '../flow-kit/request-context.js';

const SAME_ANSWER = 'If an account exists for this address, a password reset e-mail has been sent.';

/**
 * Answers the same for every address, registered or not; mails a reset link only to a registered one,
 * at most `rateLimit.mailsPerAddress` times, and never to a disabled account. A new request supersedes older reset tokens. The lookup
 * and mail run in the background so the response time does not reveal whether the address exists.
 */
export async function forgotPassword(ctx: FlowContext, body: unknown, request: RequestContext = {}): Promise<{ message: string }> {
  const now = ctx.clock.now();
  await enforceClientLimit(ctx, request, now);
  const { email } = parseInput(forgotPasswordInput, body);
  runInBackground(ctx, { operation: 'password-reset' }, async () => {
    const user = await ctx.store.users.findUserByEmail(email);
    // Found by its address, so it has one; the check only narrows the type. A disabled account gets
    // no link: it cannot sign in by any way, and a reset is one (the answer stays the same).
    if (!user || user.email === null || user.disabledAt) return;
    if (!(await mayMail(ctx, user.email, 'password-reset', now))) return;
    await ctx.store.oneTimeTokens.revokeOneTimeTokens(user.id, 'password-reset', now);
    const { token, tokenHash } = await createOneTimeToken(ctx.random);
    const expiresAt = new Date(now.getTime() + ctx.config.passwordResetTtl * 1000);
    await ctx.store.oneTimeTokens.saveOneTimeToken({ tokenHash, purpose: 'password-reset', userId: user.id, createdAt: now, expiresAt });
    await ctx.mailer.send({ kind: 'password-reset', to: email, ...(user.isActive ? { firstName: user.firstName } : {}), token, expiresAt });
    ctx.emit({ type: 'password.reset_requested', at: now, userId: user.id, email: maskEmail(email), clientAddress: request.clientAddress });
  });
  return { message: SAME_ANSWER };
}
