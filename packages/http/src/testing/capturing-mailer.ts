import type { AuthMail, Mailer } from '@gatehousejs/core/ports';
import type { CaughtMessage } from './server-under-test.js';

/** A `Mailer` that keeps every mail in memory, rendered with its link, for tests to read. */
export interface CapturingMailer extends Mailer {
  /** Every mail sent so far, oldest first. */
  messages(): CaughtMessage[];
  /** Resolves with the first mail (past or future) for which `match` is true; rejects after `timeoutMs`. */
  waitFor(match: (mail: CaughtMessage) => boolean, timeoutMs?: number): Promise<CaughtMessage>;
}

// The links of CONTRACT §7, as a real mailer builds them from the app's public URL.
const LINK_PATHS = { 'email-verification': '/api/v1/auth/verify-email', 'password-reset': '/reset-password' } as const;

function render(mail: AuthMail, appUrl: string): CaughtMessage {
  if (mail.kind === 'account-exists') {
    const text = `Hello ${mail.firstName}, someone tried to register with your address. Sign in at ${appUrl}/`;
    return { to: [mail.to], subject: 'Someone tried to register with your address', text, html: `<p>${text}</p>` };
  }
  if (mail.kind === 'password-changed' || mail.kind === 'email-change-requested') {
    const what =
      mail.kind === 'password-changed' ? 'Your password was changed' : `A change of your address to ${mail.newEmail} was requested`;
    const text = `${what} at ${mail.notice.at.toISOString()} from ${mail.notice.userAgent ?? 'an unknown device'} (${mail.notice.ipAddress ?? 'unknown address'}). If it was not you, reset your password at ${appUrl}/`;
    return { to: [mail.to], subject: what, text, html: `<p>${text}</p>` };
  }
  if (!('token' in mail)) {
    // A second-factor notice: what changed, and a link to the app.
    const text = `Hello ${mail.firstName}, a change to your sign-in factors: ${mail.kind}. Check your account at ${appUrl}/`;
    return { to: [mail.to], subject: `Security notice: ${mail.kind}`, text, html: `<p>${text}</p>` };
  }
  const link = `${appUrl}${LINK_PATHS[mail.kind]}?token=${encodeURIComponent(mail.token)}`;
  const subject = mail.kind === 'email-verification' ? 'Confirm your e-mail address' : 'Reset your password';
  const text = `Hello ${mail.firstName}, ${subject.toLowerCase()}: ${link} (valid until ${mail.expiresAt.toISOString()})`;
  return { to: [mail.to], subject, text, html: `<p><a href="${link}">${subject}</a></p>` };
}

/**
 * An in-memory mailer for tests: nothing leaves the process, and a test waits for a mail instead
 * of sleeping. Links point at `appUrl` like those of `@gatehousejs/mailer-smtp`
 * (`/api/v1/auth/verify-email?token=…`, `/reset-password?token=…`).
 *
 * @example
 * const mailer = createCapturingMailer('http://app.example.test');
 * const auth = createAuth({ config, store, mailer });
 * await auth.register(body);
 * const mail = await mailer.waitFor((m) => m.to.includes(body.email));
 */
export function createCapturingMailer(appUrl: string): CapturingMailer {
  const caught: CaughtMessage[] = [];
  const waiting = new Set<{ match: (mail: CaughtMessage) => boolean; resolve: (mail: CaughtMessage) => void }>();
  const base = appUrl.replace(/\/+$/, '');
  return {
    async send(mail) {
      const message = render(mail, base);
      caught.push(message);
      for (const waiter of waiting) {
        if (waiter.match(message)) {
          waiting.delete(waiter);
          waiter.resolve(message);
        }
      }
    },
    messages: () => [...caught],
    waitFor(match, timeoutMs = 5000) {
      const found = caught.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (mail: CaughtMessage) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiting.delete(waiter);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${caught.length} caught)`));
        }, timeoutMs);
        waiting.add(waiter);
      });
    },
  };
}
