export { createSmtpMailer } from './create-smtp-mailer.js';
export type { SmtpMailer, SmtpMailerOptions, SmtpTransportOptions } from './create-smtp-mailer.js';

export { defaultTemplates, formatExpiry } from './default-templates.js';
export type { MailTemplate, MailTemplateData, MailTemplates, RenderedMail } from './mail-template.js';

export { buildMailLink } from './links.js';
export { escapeHtml } from './html-escape.js';
export { MailDeliveryError } from './mail-delivery-error.js';
