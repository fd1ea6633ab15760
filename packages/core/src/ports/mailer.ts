/** What core asks to be mailed. Links are built by the mailer, which knows the public URL. */
export type AuthMail =
  | { kind: 'email-verification'; to: string; firstName: string; token: string; expiresAt: Date }
  | { kind: 'password-reset'; to: string; firstName: string; token: string; expiresAt: Date }
  /** Someone tried to register this (taken) address; sent only with `concealRegisteredEmails`. */
  | { kind: 'account-exists'; to: string; firstName: string };

export interface Mailer {
  send(mail: AuthMail): Promise<void>;
}
