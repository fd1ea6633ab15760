import { AuthError } from '@gatehousejs/core';
import type { AuthMail, Mailer } from '@gatehousejs/core/ports';
import nodemailer from 'nodemailer';
import type { SMTPTransportOptions, Transporter } from 'nodemailer';
import { defaultTemplates } from './default-templates.js';
import { buildAppLink, buildMailLink, normalizeAppUrl } from './links.js';
import { toMailDeliveryError } from './mail-delivery-error.js';
import type { MailTemplate, MailTemplateData, MailTemplates } from './mail-template.js';

/** Connection settings for nodemailer's SMTP transport: `host`, `port`, `secure`, `auth`, … */
export type SmtpTransportOptions = SMTPTransportOptions;

export interface SmtpMailerOptions {
  /** Public base URL of the application; the links in the mails start with it. */
  appUrl: string;
  /** The sender, e.g. `'Gatehouse <no-reply@example.com>'`. */
  from: string;
  /**
   * Either SMTP settings, from which the mailer builds (and on `close()` closes) its own transport,
   * or a nodemailer transporter the application already has, which stays the application's to close.
   */
  transport: SmtpTransportOptions | Transporter;
  /** Replaces the built-in template of either mail. */
  templates?: Partial<MailTemplates>;
}

/** A `Mailer` for `createAuth` that can also release its SMTP connections. */
export interface SmtpMailer extends Mailer {
  /** Closes the transport the mailer built; a transporter passed in is left open. */
  close(): Promise<void>;
}

/**
 * Sends Gatehouse's e-mail-verification and password-reset mails over SMTP with nodemailer.
 *
 * The confirmation mail links to `${appUrl}/api/v1/auth/verify-email?token=…`, the reset mail to
 * `${appUrl}/reset-password?token=…`. Options are checked here, once: a bad `appUrl` or `from`
 * fails at start, not at the first mail. A failed send rejects with a `MailDeliveryError` whose
 * message holds neither the token nor the recipient. Nodemailer's `debug` option is forced off
 * for a transport built here, because it would log the message, and with it the token.
 *
 * @example
 * ```ts
 * import { createSmtpMailer, escapeHtml } from '@gatehousejs/mailer-smtp';
 *
 * const mailer = createSmtpMailer({
 *   appUrl: 'https://app.example.com',
 *   from: 'Example <no-reply@example.com>',
 *   transport: { host: 'smtp.example.com', port: 465, secure: true, auth: { user: 'apikey', pass: process.env.SMTP_PASS } },
 *   templates: {
 *     'password-reset': ({ link }) => ({
 *       subject: 'Your password reset link',
 *       text: `Open ${link}`,
 *       html: `<a href="${escapeHtml(link)}">Reset your password</a>`,
 *     }),
 *   },
 * });
 * const auth = createAuth({ config, store, mailer });
 * // on shutdown
 * await mailer.close();
 * ```
 */
export function createSmtpMailer(options: SmtpMailerOptions): SmtpMailer {
  const appUrl = normalizeAppUrl(checkAppUrl(options.appUrl));
  const from = checkFrom(options.from);
  const templates = mergeTemplates(options.templates);
  const ownsTransport = !isTransporter(options.transport);
  const transporter = isTransporter(options.transport)
    ? options.transport
    : nodemailer.createTransport({ ...checkTransportOptions(options.transport), debug: false });

  return {
    async send(mail: AuthMail): Promise<void> {
      const rendered = templates[mail.kind](templateData(mail, appUrl));
      try {
        await transporter.sendMail({
          from,
          to: mail.to,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          // RFC 3834: tells vacation responders and ticket systems not to answer.
          headers: { 'Auto-Submitted': 'auto-generated' },
        });
      } catch (error) {
        throw toMailDeliveryError(mail, error);
      }
    },
    async close(): Promise<void> {
      if (ownsTransport) transporter.close();
    },
  };
}

/** What the template of `mail` gets: a notice links to the app (nothing to confirm), the others carry their token. */
function templateData(mail: AuthMail, appUrl: string): MailTemplateData {
  switch (mail.kind) {
    case 'account-exists':
      return { firstName: mail.firstName, link: buildAppLink(appUrl), expiresAt: undefined, appUrl };
    case 'password-changed':
      return { firstName: mail.firstName, link: buildAppLink(appUrl), expiresAt: undefined, appUrl, notice: mail.notice };
    case 'email-change-requested':
      return {
        firstName: mail.firstName,
        link: buildAppLink(appUrl),
        expiresAt: undefined,
        appUrl,
        notice: mail.notice,
        newEmail: mail.newEmail,
      };
    case 'email-verification':
    case 'password-reset':
      return { firstName: mail.firstName, link: buildMailLink(appUrl, mail.kind, mail.token), expiresAt: mail.expiresAt, appUrl };
    default:
      // A second-factor notice: what changed, linking to the app; nothing to confirm.
      return { firstName: mail.firstName, link: buildAppLink(appUrl), expiresAt: undefined, appUrl };
  }
}

function isTransporter(transport: SmtpTransportOptions | Transporter): transport is Transporter {
  return typeof (transport as Partial<Transporter>).sendMail === 'function';
}

function checkAppUrl(appUrl: unknown): string {
  let url: URL | undefined;
  try {
    url = typeof appUrl === 'string' ? new URL(appUrl) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '') {
    throw new AuthError(
      'INVALID_CONFIG',
      `createSmtpMailer: options.appUrl must be an absolute http(s) URL without query or fragment, got ${JSON.stringify(appUrl)}`,
    );
  }
  return appUrl as string;
}

function checkFrom(from: unknown): string {
  if (typeof from !== 'string' || from.trim() === '' || /[\r\n]/.test(from)) {
    throw new AuthError('INVALID_CONFIG', 'createSmtpMailer: options.from must be a sender address such as "App <no-reply@example.com>"');
  }
  return from;
}

function checkTransportOptions(transport: unknown): SmtpTransportOptions {
  if (typeof transport !== 'object' || transport === null) {
    throw new AuthError(
      'INVALID_CONFIG',
      'createSmtpMailer: options.transport must be SMTP settings ({ host, port, secure, auth }) or a nodemailer transporter',
    );
  }
  return transport as SmtpTransportOptions;
}

function mergeTemplates(overrides: Partial<MailTemplates> | undefined): MailTemplates {
  const merged: Record<AuthMail['kind'], MailTemplate> = { ...defaultTemplates };
  for (const kind of Object.keys(defaultTemplates) as AuthMail['kind'][]) {
    const template = overrides?.[kind];
    if (template === undefined) continue;
    if (typeof template !== 'function') {
      throw new AuthError('INVALID_CONFIG', `createSmtpMailer: options.templates['${kind}'] must be a function`);
    }
    merged[kind] = template;
  }
  return Object.freeze(merged);
}
