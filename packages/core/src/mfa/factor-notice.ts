import { runInBackground } from '../flow-kit/flow-context.js';
import type { SecondFactorNoticeKind } from '../ports/mailer.js';
import type { MfaContext } from './mfa-context.js';

/**
 * Tells the account's owner, by mail, that a second factor was added or removed (ASVS 5.0 6.3.7), so
 * a change they did not make is noticed. Sent in the background (a failed mail reaches
 * `onBackgroundError`, never the request), without a quota: a security notice is never skipped.
 * An account without an address gets none.
 */
export function noticeFactorChange(m: MfaContext, userId: string, kind: SecondFactorNoticeKind): void {
  runInBackground(m.ctx, { operation: kind, userId }, async () => {
    const user = await m.ctx.store.users.findUserById(userId);
    if (!user?.email) return;
    // A name only for a confirmed address (see AuthMail).
    await m.ctx.mailer.send({ kind, to: user.email, ...(user.emailVerifiedAt ? { firstName: user.firstName } : {}) });
  });
}
