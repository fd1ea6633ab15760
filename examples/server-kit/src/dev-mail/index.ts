export { startMailCatcher } from '@gatehousejs/mailer-smtp/testing';
export type { CaughtMail, MailCatcher, MailCatcherOptions, WaitForOptions } from '@gatehousejs/mailer-smtp/testing';
export { handleMailViewerRequest } from './mail-viewer.js';
export type { MailhogMessage, MailhogMessagePage, MailhogPath } from './mailhog-api.js';
