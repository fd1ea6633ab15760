import type { AuthMail } from '@gatehousejs/core/ports';

/** The mails that carry a one-time token. */
export type TokenMailKind = Extract<AuthMail, { token: string }>['kind'];

/** Paths fixed by the contract (§7): the API verifies directly; the reset page posts to the API. */
const LINK_PATHS: Readonly<Record<TokenMailKind, string>> = {
  'email-verification': '/api/v1/auth/verify-email',
  'password-reset': '/reset-password',
};

/** `https://app.example/` and `https://app.example` mean the same base; links must not get `//`. */
export function normalizeAppUrl(appUrl: string): string {
  return appUrl.replace(/\/+$/, '');
}

/**
 * The link a mail of this kind carries. Tokens are base64url today, but the token is encoded anyway
 * so a change of token alphabet can never break or inject into the query string.
 */
export function buildMailLink(appUrl: string, kind: TokenMailKind, token: string): string {
  return `${normalizeAppUrl(appUrl)}${LINK_PATHS[kind]}?token=${encodeURIComponent(token)}`;
}

/** The link of a mail without a token (`account-exists`): the application's front page, to sign in. */
export function buildAppLink(appUrl: string): string {
  return `${normalizeAppUrl(appUrl)}/`;
}
