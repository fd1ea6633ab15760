import { AuthError } from '@gatehousejs/core';
import type { AuthMail } from '@gatehousejs/core/ports';

const EMAIL_ADDRESS = /[^\s<>"'@,;:()[\]]+@[^\s<>"'@,;:()[\]]+/g;

/**
 * Thrown by `send` when the SMTP server or the connection refused the mail: an `AuthError` with the
 * catalogue's code `MAIL_DELIVERY_FAILED` (a dependency, 503 should it ever reach a client; core
 * sends mail in the background, so it reaches `onBackgroundError`). The message keeps
 * what helps an operator (the SMTP code and reply) but never the recipient's address or the
 * token, so it can go to a log as it is. The transport's original error is deliberately not
 * attached as `cause`: it names the recipient.
 */
export class MailDeliveryError extends AuthError {
  override readonly name: string = 'MailDeliveryError';
  /** Which mail failed. */
  readonly kind: AuthMail['kind'];
  /** Nodemailer's error code (`ECONNECTION`, `EAUTH`, `EENVELOPE`, …) when it gave one. */
  readonly transportCode: string | undefined;
  /** The SMTP reply code when the server answered with an error. */
  readonly responseCode: number | undefined;

  constructor(kind: AuthMail['kind'], message: string, transportCode?: string, responseCode?: number) {
    super('MAIL_DELIVERY_FAILED', message);
    this.kind = kind;
    this.transportCode = transportCode;
    this.responseCode = responseCode;
  }
}

/** Builds the error for a failed send, with the address and token of this mail taken out. */
export function toMailDeliveryError(mail: AuthMail, error: unknown): MailDeliveryError {
  const details = error instanceof Error ? error : new Error(String(error));
  const { code, responseCode } = details as Error & { code?: unknown; responseCode?: unknown };
  const reason = redact(details.message, 'token' in mail ? mail.token : '');
  return new MailDeliveryError(
    mail.kind,
    `Could not send the ${mail.kind} mail: ${reason}`,
    typeof code === 'string' ? code : undefined,
    typeof responseCode === 'number' ? responseCode : undefined,
  );
}

function redact(text: string, token: string): string {
  const withoutToken = token === '' ? text : text.split(token).join('[token]');
  return withoutToken.replace(EMAIL_ADDRESS, '[address]');
}
