import type { AuthMail, SecurityNotice } from '@gatehousejs/core/ports';

/** What a template gets to render one mail. */
export interface MailTemplateData {
  /** As the user typed it at registration: escape it (see `escapeHtml`) before putting it in HTML. */
  /** Absent when the address is not confirmed yet: greet without a name then. */
  readonly firstName?: string | undefined;
  /** The complete link with the token, built from `appUrl` as the contract prescribes. */
  readonly link: string;
  /** When the link stops working; undefined for a notice whose link does not expire (`account-exists`). */
  readonly expiresAt: Date | undefined;
  /** The public base URL of the application, without a trailing slash. */
  readonly appUrl: string;
  /** For a notice (`password-changed`, `email-change-requested`): when, and from which device (address masked). */
  readonly notice?: SecurityNotice | undefined;
  /** For `email-change-requested`: the new address, masked (`n***@example.com`). */
  readonly newEmail?: string | undefined;
}

/** One rendered mail: the subject line, a plain-text part and an HTML part. */
export interface RenderedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** Renders one kind of mail. Must not log or store its input: `link` carries a live token. */
export type MailTemplate = (data: MailTemplateData) => RenderedMail;

/** One template per kind of mail that core sends, keyed by `AuthMail['kind']`. */
export type MailTemplates = { readonly [K in AuthMail['kind']]: MailTemplate };
