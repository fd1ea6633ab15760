/**
 * What core asks to be mailed. Links are built by the mailer, which knows the public URL.
 * `firstName` is there only when the address is confirmed: a mail to an address nobody has proved
 * carries no text the registrant chose (a "name" such as "Bob. URGENT: sign in at https://…").
 */
export type AuthMail =
  | { kind: 'email-verification'; to: string; firstName?: string; token: string; expiresAt: Date }
  | { kind: 'password-reset'; to: string; firstName?: string; token: string; expiresAt: Date }
  /** Someone tried to register this (taken) address; sent only with `concealRegisteredEmails`. */
  | { kind: 'account-exists'; to: string; firstName?: string }
  /** Notice: a second factor was added or removed (docs/mfa.md); it links to the app, nothing to confirm. */
  | { kind: SecondFactorNoticeKind; to: string; firstName?: string };

/** Which change to the account's second factors a notice mail reports. */
export type SecondFactorNoticeKind = 'totp-enabled' | 'totp-disabled' | 'passkey-added' | 'passkey-removed' | 'second-factors-reset';

export interface Mailer {
  send(mail: AuthMail): Promise<void>;
}
