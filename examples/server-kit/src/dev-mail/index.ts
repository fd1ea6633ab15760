export { startMailCatcher } from './mail-catcher.js';
export type { CaughtMail, MailCatcher, MailCatcherOptions, WaitForOptions } from './mail-catcher.js';
export { handleMailViewerRequest } from './mail-viewer.js';
export type { MailhogMessage, MailhogMessagePage, MailhogPath } from './mailhog-api.js';
