import { maskEmail } from '@gatehousejs/core';
import type { Mailer } from '@gatehousejs/core/ports';
import { createSmtpMailer } from '@gatehousejs/mailer-smtp';
import { startMailCatcher, type MailCatcher } from '@gatehousejs/mailer-smtp/testing';
import type { ServerSettings } from './env-config.js';
import type { Logger } from './logger.js';

export interface MailSetup {
  mailer: Mailer;
  /** The development catcher, when mail is caught in-process (SMTP_HOST unset). */
  catcher: MailCatcher | undefined;
  /** The catcher whose mails the /mailhog/ viewer shows; undefined when the viewer is off. */
  viewerCatcher: MailCatcher | undefined;
  description: string;
  close(): Promise<void>;
}

async function startCatcher(port: number, log: Logger): Promise<MailCatcher> {
  try {
    return await startMailCatcher({ host: '127.0.0.1', port });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw error;
    log.warn('development SMTP port is taken; catching mail on a free port instead', { port });
    return startMailCatcher({ host: '127.0.0.1', port: 0 });
  }
}

/**
 * Real SMTP when `SMTP_HOST` is set. Otherwise the development catcher: a real SMTP listener on
 * 127.0.0.1 whose messages are listed at /mailhog/. In production without SMTP and without an
 * explicitly enabled catcher, mail is dropped and each drop is logged (without the token).
 */
export async function openMail(settings: ServerSettings, log: Logger): Promise<MailSetup> {
  if (settings.smtp) {
    const { host, port, secure, user, pass } = settings.smtp;
    const smtp = createSmtpMailer({
      appUrl: settings.appUrl,
      from: settings.mailFrom,
      transport: { host, port, secure, ...(user ? { auth: { user, pass: pass ?? '' } } : {}) },
    });
    return { mailer: smtp, catcher: undefined, viewerCatcher: undefined, description: `smtp://${host}:${port}`, close: () => smtp.close() };
  }
  if (!settings.devMail.enabled) {
    log.warn('SMTP_HOST is not set and the development mail catcher is off: e-mails will be dropped');
    const dropping: Mailer = {
      send: async (mail) => log.warn('e-mail dropped: no SMTP server configured', { kind: mail.kind, to: maskEmail(mail.to) }),
    };
    return { mailer: dropping, catcher: undefined, viewerCatcher: undefined, description: 'dropped', close: async () => {} };
  }
  if (settings.devMail.exposedInProduction) {
    log.warn(
      'DANGER: the development mail viewer is served in production (MAILHOG_ENABLED with MAILHOG_ALLOW_IN_PRODUCTION): anyone who reaches /mailhog/ can read every mail, including password reset links, and take over any account.',
    );
  }
  const catcher = await startCatcher(settings.devMail.smtpPort, log);
  const smtp = createSmtpMailer({
    appUrl: settings.appUrl,
    from: settings.mailFrom,
    transport: { host: catcher.host, port: catcher.port, secure: false, ignoreTLS: true },
  });
  // startServer announces the catcher and its viewer once the HTTP server listens.
  return {
    mailer: smtp,
    catcher,
    viewerCatcher: catcher,
    description: `catcher smtp://${catcher.host}:${catcher.port}`,
    close: async () => {
      await smtp.close();
      await catcher.close();
    },
  };
}
