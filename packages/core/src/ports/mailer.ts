/**
 * What core asks to be mailed. Links are built by the mailer, which knows the public URL.
 * `firstName` is there only when the address is confirmed: a mail to an address nobody has proved
 * carries no text the registrant chose (a "name" such as "Bob. URGENT: sign in at https://…").
 */
export type AuthMail =
  | { kind: 'email-verification'; to: string; firstName?: string; token: string; expiresAt: Date }
  | { kind: 'password-reset'; to: string; firstName?: string; token: string; expiresAt: Date }
  /** Someone tried to register this (taken) address; sent only with `concealRegisteredEmails`. */
  | { kind: 'account-exists'; to: string; firstName?: string };

export interface Mailer {
  send(mail: AuthMail): Promise<void>;
}
