import { AuthError } from '../errors/auth-error.js';
import type { FlowContext } from '../flow-kit/flow-context.js';
import type { RequestContext } from '../flow-kit/request-context.js';
import { codeAttemptKey } from './mfa-context.js';

/**
 * Counts one attempt at a second-factor code for this account before the code is checked (as logins
 * are counted before the password), and refuses it (429) past `rateLimit.loginFailures`: six digits
 * are a million guesses, and the window keeps an attacker far from them. Counted per account, not
 * per client, since spreading guesses over addresses must not help. A success clears the count.
 */
export async function countCodeAttempt(ctx: FlowContext, userId: string, request: RequestContext, now: Date): Promise<void> {
  if (!ctx.config.rateLimit.enabled) return;
  const decision = await ctx.rateLimiter.hit(codeAttemptKey(userId), ctx.config.rateLimit.loginFailures, now);
  if (!decision.allowed) {
    ctx.emit({
      type: 'mfa.locked',
      at: now,
      userId,
      clientAddress: request.clientAddress,
      detail: { retryAfterSeconds: decision.retryAfterSeconds },
    });
    throw new AuthError('RATE_LIMITED', undefined, undefined, { retryAfterSeconds: decision.retryAfterSeconds });
  }
}

export async function clearCodeAttempts(ctx: FlowContext, userId: string): Promise<void> {
  if (ctx.config.rateLimit.enabled) await ctx.rateLimiter.reset(codeAttemptKey(userId));
}
