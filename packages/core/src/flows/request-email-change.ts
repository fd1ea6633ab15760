import { AuthError } from '../errors/auth-error.js';
import { mailAddressConfirmation } from '../social/address-confirmation.js';
import { forgotPasswordInput, parseInput } from '../validation/input-schemas.js';
import { assertRecentAuthentication } from '../flow-kit/assert-recent-authentication.js';
import { runInBackground, type FlowContext } from '../flow-kit/flow-context.js';
import { maskEmail, type RequestContext } from '../flow-kit/request-context.js';
import { securityNotice } from '../flow-kit/security-notice.js';
import { requireSignedInUser, type Caller } from '../flow-kit/signed-in-user.js';

const ACCEPTED = { message: 'A confirmation link was sent to the new address.' };

/**
 * Counts one address-change request of this account and of this client before any work, past
 * `rateLimit.mailsPerAddress` per account and `rateLimit.authRequests` per client (429): one
 * account can no longer send confirmation mails to strangers by the hundred.
 */
async function countEmailChange(ctx: FlowContext, userId: string, request: RequestContext, now: Date): Promise<void> {
  if (!ctx.config.rateLimit.enabled) return;
  const limits = [ctx.rateLimiter.hit(`email-change:user:${userId}`, ctx.config.rateLimit.mailsPerAddress, now)];
  if (request.clientAddress)
    limits.push(ctx.rateLimiter.hit(`email-change:client:${request.clientAddress}`, ctx.config.rateLimit.authRequests, now));
  const refused = (await Promise.all(limits)).find((decision) => !decision.allowed);
  if (refused) {
    ctx.emit({ type: 'rate_limited', at: now, userId, clientAddress: request.clientAddress, detail: { limit: 'emailChange' } });
    throw new AuthError('RATE_LIMITED', undefined, undefined, { retryAfterSeconds: refused.retryAfterSeconds });
  }
}

/**
 * `PUT /users/me/email`: mails a confirmation link to the new address, which is set only when the
 * link is followed. It needs a recent authentication (a stolen access token alone cannot move the
 * address and then reset the password), tells the old address (time, device, what to do), and is
 * rate-limited per account and per client. Another account's address is 409, or with
 * `concealRegisteredEmails` the same 202 as any other address, and then no mail is sent.
 */
export async function requestEmailChange(
  ctx: FlowContext,
  caller: Caller,
  body: unknown,
  request: RequestContext = {},
): Promise<{ message: string }> {
  const now = ctx.clock.now();
  const { email } = parseInput(forgotPasswordInput, body);
  assertRecentAuthentication(caller, now, ctx.config.reauthMaxAge);
  await countEmailChange(ctx, caller.id, request, now);
  const user = await requireSignedInUser(ctx, caller);
  const owner = await ctx.store.users.findUserByEmail(email);
  if (owner && owner.id !== user.id) {
    if (ctx.config.concealRegisteredEmails) return ACCEPTED;
    throw new AuthError('EMAIL_TAKEN');
  }
  mailAddressConfirmation(ctx, user, email, 'email-change', now);
  const old = user.email;
  if (old !== null && old !== email) {
    const notice = securityNotice(request, now);
    runInBackground(ctx, { operation: 'email-change-requested', userId: user.id }, () =>
      ctx.mailer.send({
        kind: 'email-change-requested',
        to: old,
        ...(user.isActive ? { firstName: user.firstName } : {}),
        notice,
        newEmail: maskEmail(email),
      }),
    );
  }
  ctx.emit({ type: 'email.change_requested', at: now, userId: user.id, clientAddress: request.clientAddress, email: maskEmail(email) });
  return ACCEPTED;
}
