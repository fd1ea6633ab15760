import { escapeHtml } from './html-escape.js';
import type { MailTemplate, MailTemplateData, MailTemplates } from './mail-template.js';
import { secondFactorTemplates } from './second-factor-templates.js';

/**
 * `2025-03-01 14:05 UTC`: the same for every reader and every server locale, which a
 * `toLocaleString()` on the server could not promise.
 */
export function formatExpiry(expiresAt: Date): string {
  return `${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export interface Wording {
  subject: string;
  intro: string;
  action: string;
  ignore: string;
}

export function render(wording: Wording, data: MailTemplateData): { subject: string; text: string; html: string } {
  const greeting = data.firstName ? `Hello ${data.firstName},` : 'Hello,';
  const expiry = data.expiresAt ? `This link expires at ${formatExpiry(data.expiresAt)}.` : '';
  const text = [greeting, '', wording.intro, '', data.link, '', `${expiry} ${wording.ignore}`.trim(), ''].join('\n');

  const link = escapeHtml(data.link);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(wording.subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2328;background:#ffffff">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(wording.intro)}</p>
<p><a href="${link}" style="display:inline-block;padding:10px 18px;border-radius:6px;background:#1f6feb;color:#ffffff;text-decoration:none">${escapeHtml(wording.action)}</a></p>
<p style="font-size:14px;color:#57606a">If the button does not work, copy this address into your browser:<br><a href="${link}" style="color:#1f6feb;word-break:break-all">${link}</a></p>
<p style="font-size:14px;color:#57606a">${escapeHtml(`${expiry} ${wording.ignore}`.trim())}</p>
</body>
</html>
`;
  return { subject: wording.subject, text, html };
}

const emailVerification: MailTemplate = (data) =>
  render(
    {
      subject: 'Confirm your e-mail address',
      intro: 'Please confirm your e-mail address by opening this link:',
      action: 'Confirm e-mail address',
      ignore: 'If you did not create an account, you can ignore this e-mail.',
    },
    data,
  );

const passwordReset: MailTemplate = (data) =>
  render(
    {
      subject: 'Reset your password',
      intro: 'Someone asked to reset the password of your account. To choose a new password, open this link:',
      action: 'Choose a new password',
      ignore: 'If you did not ask for this, you can ignore this e-mail: your password stays unchanged.',
    },
    data,
  );

const accountExists: MailTemplate = (data) =>
  render(
    {
      subject: 'Someone tried to register with your address',
      intro:
        'Someone just tried to create an account with this e-mail address, which already has one. If it was you, log in instead; if you forgot your password, you can reset it from the sign-in page:',
      action: 'Go to sign-in',
      ignore: 'If it was not you, you can ignore this e-mail: nothing has changed on your account.',
    },
    data,
  );

/** "on 2025-03-01 14:05 UTC from Firefox on Linux (203.0.113.*)": when and where, as the server saw it. */
function describeNotice(data: MailTemplateData): string {
  const notice = data.notice;
  if (!notice) return '';
  const device = notice.userAgent ? ` from ${notice.userAgent.slice(0, 200)}` : '';
  const address = notice.ipAddress ? ` (address ${notice.ipAddress})` : '';
  return ` on ${formatExpiry(notice.at)}${device}${address}`;
}

const passwordChanged: MailTemplate = (data) =>
  render(
    {
      subject: 'Your password was changed',
      intro: `The password of your account was changed${describeNotice(data)}. Every other device was signed out.`,
      action: 'Go to sign-in',
      ignore:
        'If this was you, there is nothing to do. If it was not you, reset your password at once from the sign-in page ("Forgot password") and contact the administrator.',
    },
    data,
  );

const emailChangeRequested: MailTemplate = (data) =>
  render(
    {
      subject: 'A change of your e-mail address was requested',
      intro: `Someone signed in to your account asked${describeNotice(data)} to change its e-mail address to ${data.newEmail ?? 'another address'}. The change happens only when the link sent to the new address is opened.`,
      action: 'Go to sign-in',
      ignore:
        'If this was you, there is nothing to do. If it was not you, sign in, change your password (which signs out every other device) and contact the administrator.',
    },
    data,
  );

/** The built-in English templates; `createSmtpMailer({ templates })` replaces any of them. */
export const defaultTemplates: MailTemplates = Object.freeze({
  'email-verification': emailVerification,
  'password-reset': passwordReset,
  'account-exists': accountExists,
  'password-changed': passwordChanged,
  'email-change-requested': emailChangeRequested,
  ...secondFactorTemplates,
});
