import { AuthError } from '../errors/auth-error.js';
import type { AuthMail } from '../ports/mailer.js';
import type { FlowContext } from './flow-context.js';
import type { RequestContext } from './request-context.js';

function rateLimited(retryAfterSeconds: number): AuthError {
  return new AuthError('RATE_LIMITED', undefined, undefined, { retryAfterSeconds });
}

/** Counts one request of this client on a public auth route; 429 past `rateLimit.authRequests`. */
export async function enforceClientLimit(ctx: FlowContext, request: RequestContext, now: Date): Promise<void> {
  const client = request.clientAddress;
  if (!ctx.config.rateLimit.enabled || !client) return;
  const decision = await ctx.rateLimiter.hit(`auth:${client}`, ctx.config.rateLimit.authRequests, now);
  if (!decision.allowed) {
    ctx.emit({ type: 'rate_limited', at: now, clientAddress: client, detail: { limit: 'authRequests' } });
    throw rateLimited(decision.retryAfterSeconds);
  }
}

/**
 * Failed logins are counted per account *and* client, so a brute force on one account from one
 * place locks only that pair: other accounts, and the owner elsewhere, can still log in.
 */
const loginKey = (email: string, request: RequestContext) => `login:${email}|${request.clientAddress ?? '-'}`;

/**
 * Counts this login attempt before the password is verified, atomically in the shared limiter, and
 * refuses it (429) past the limit, whether or not the password would be right. Counting first is
 * what holds against parallel guesses: of 30 guesses sent at once, over any number of instances
 * sharing the limiter, only `limit` reach the password check in a window. A success clears it.
 */
export async function countLoginAttempt(ctx: FlowContext, email: string, request: RequestContext, now: Date): Promise<void> {
  if (!ctx.config.rateLimit.enabled) return;
  const decision = await ctx.rateLimiter.hit(loginKey(email, request), ctx.config.rateLimit.loginFailures, now);
  if (!decision.allowed) {
    ctx.emit({
      type: 'login.locked',
      at: now,
      clientAddress: request.clientAddress,
      detail: { retryAfterSeconds: decision.retryAfterSeconds },
    });
    throw rateLimited(decision.retryAfterSeconds);
  }
}

/**
 * Takes back the attempt `countLoginAttempt` counted, when a dependency failed before the password
 * could be judged (503): a database outage must not lock out the users who retried through it.
 * A failure here is ignored; the attempt then stays counted, as without a `release`.
 */
export async function releaseLoginAttempt(ctx: FlowContext, email: string, request: RequestContext, now: Date): Promise<void> {
  if (!ctx.config.rateLimit.enabled || !ctx.rateLimiter.release) return;
  await ctx.rateLimiter.release(loginKey(email, request), now).catch(() => {});
}

export async function clearLoginFailures(ctx: FlowContext, email: string, request: RequestContext): Promise<void> {
  if (ctx.config.rateLimit.enabled) await ctx.rateLimiter.reset(loginKey(email, request));
}

/**
 * Whether another mail of this purpose may go to this address now (`rateLimit.mailsPerAddress`,
 * counted per purpose): strangers' forgot-password calls use up only the reset quota, never the
 * owner's confirmation mails, and the other way round.
 */
export async function mayMail(ctx: FlowContext, email: string, purpose: AuthMail['kind'], now: Date): Promise<boolean> {
  if (!ctx.config.rateLimit.enabled) return true;
  return (await ctx.rateLimiter.hit(`mail:${purpose}:${email}`, ctx.config.rateLimit.mailsPerAddress, now)).allowed;
}
