import type { SecondFactorNoticeKind } from '@gatehousejs/core/ports';
// Only default-templates.ts imports this file, so render is defined by the time a template runs.
import { render, type Wording } from './default-templates.js';
import type { MailTemplate } from './mail-template.js';

const IF_NOT_YOU =
  'If it was you, there is nothing to do. If it was not, sign in, change your password and check your sign-in methods at once.';

const notice = (subject: string, intro: string): MailTemplate => {
  const wording: Wording = { subject, intro, action: 'Go to your account', ignore: IF_NOT_YOU };
  return (data) => render(wording, data);
};

/** Notices of changes to the account's second factors (docs/mfa.md), one per change. */
export const secondFactorTemplates: { readonly [K in SecondFactorNoticeKind]: MailTemplate } = Object.freeze({
  'totp-enabled': notice(
    'An authenticator app was added to your account',
    'An authenticator app was just set up as a second factor for your account.',
  ),
  'totp-disabled': notice('An authenticator app was removed from your account', 'The authenticator app of your account was just removed.'),
  'passkey-added': notice('A passkey was added to your account', 'A new passkey was just registered for your account.'),
  'passkey-removed': notice('A passkey was removed from your account', 'A passkey of your account was just deleted.'),
  'second-factors-reset': notice(
    'The second factors of your account were reset',
    'An administrator just removed the authenticator app, passkeys and recovery codes of your account.',
  ),
});
