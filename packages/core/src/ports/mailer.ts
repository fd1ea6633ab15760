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
  /** Notice: the password was changed (`PUT /users/me/password`). */
  | { kind: 'password-changed'; to: string; firstName?: string; notice: SecurityNotice }
  /** Notice to the old address: a change of address to `newEmail` (masked) was asked for. */
  | { kind: 'email-change-requested'; to: string; firstName?: string; notice: SecurityNotice; newEmail: string }
  /** Notice: a second factor was added or removed (docs/mfa.md); it links to the app, nothing to confirm. */
  | { kind: SecondFactorNoticeKind; to: string; firstName?: string };

/**
 * When and from where a security-relevant change was made, so the owner can tell whether it was
 * them. No secret, and the address masked (`203.0.113.*`).
 */
export interface SecurityNotice {
  at: Date;
  userAgent?: string;
  ipAddress?: string;
}

/** Which change to the account's second factors a notice mail reports. */
export type SecondFactorNoticeKind = 'totp-enabled' | 'totp-disabled' | 'passkey-added' | 'passkey-removed' | 'second-factors-reset';

export interface Mailer {
  send(mail: AuthMail): Promise<void>;
  /** Releases the transport; `auth.shutdown()` calls it once the last mail was handed over. Optional. */
  close?(): Promise<void>;
}
