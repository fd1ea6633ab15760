export { startMailCatcher } from './mail-catcher.js';
export type { CaughtMail, MailCatcher, MailCatcherOptions, WaitForOptions } from './mail-catcher.js';
