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
 * Failed logins of one account from every client together (NIST SP 800-63B-4 §3.2.2). Keyed by the
 * address typed, whether or not it is registered, so the answer reveals nothing about accounts.
 */
const accountKey = (email: string) => `login-account:${email}`;

/**
 * Counts this password attempt against the account's cap (`rateLimit.accountLoginFailures`, 100
 * by default) before the hash work, and refuses it (429) past the cap, whichever client sends it,
 * even with the right password: a botnet's guesses spread over many addresses add up here. Only
 * password login is refused: a reset link, social sign-in and passkeys do not look at this count,
 * and a successful reset clears it, so an attacker who fills it locks nobody out of the account.
 */
export async function countAccountLoginAttempt(ctx: FlowContext, email: string, request: RequestContext, now: Date): Promise<void> {
  if (!ctx.config.rateLimit.enabled) return;
  const decision = await ctx.rateLimiter.hit(accountKey(email), ctx.config.rateLimit.accountLoginFailures, now);
  if (!decision.allowed) {
    ctx.emit({
      type: 'login.locked',
      at: now,
      clientAddress: request.clientAddress,
      detail: { scope: 'account', retryAfterSeconds: decision.retryAfterSeconds },
    });
    throw new AuthError(
      'RATE_LIMITED',
      'Too many failed logins for this account. Reset your password or sign in another way, or try again later.',
      undefined,
      { retryAfterSeconds: decision.retryAfterSeconds },
    );
  }
}

/** `releaseLoginAttempt` for the account's count. */
export async function releaseAccountLoginAttempt(ctx: FlowContext, email: string, now: Date): Promise<void> {
  if (!ctx.config.rateLimit.enabled || !ctx.rateLimiter.release) return;
  await ctx.rateLimiter.release(accountKey(email), now).catch(() => {});
}

/** After a successful login or password reset: the account's failures are no longer consecutive. */
export async function clearAccountLoginFailures(ctx: FlowContext, email: string): Promise<void> {
  if (ctx.config.rateLimit.enabled) await ctx.rateLimiter.reset(accountKey(email));
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
