import { AuthError } from '@gatehousejs/core';

/** What the origin check reads of a request: its `Origin` and `Sec-Fetch-Site` headers. */
export interface OriginHeaders {
  origin?: string | undefined;
  fetchSite?: string | undefined;
}

/**
 * Whether a request the refresh cookie authenticates may go on (CSRF, docs/browser-sessions.md):
 * its `Origin` is one of `trusted` (the app's own origin and its CORS origins). Without an `Origin`
 * (or with `Origin: null`, which a page with `Referrer-Policy: no-referrer` sends even to itself),
 * only `Sec-Fetch-Site: same-origin` lets it through: a browser always sends one of the two on a
 * POST, and a page of another origin can forge neither.
 */
export function isTrustedCookieRequest(headers: OriginHeaders, trusted: readonly string[]): boolean {
  const { origin, fetchSite } = headers;
  if (origin !== undefined && origin !== 'null') return trusted.includes(origin);
  return fetchSite === 'same-origin';
}

/**
 * Whether a request that will receive session cookies (login, register, the social exchange, MFA
 * verification) may: a browser's (it sent `Origin` or `Sec-Fetch-Site`) must come from a trusted
 * origin, so no other site can sign a visitor into an account of its choosing (login CSRF). A client
 * that is not a browser sends neither header and is not at risk.
 */
export function isTrustedSignInRequest(headers: OriginHeaders, trusted: readonly string[]): boolean {
  if (headers.origin === undefined && headers.fetchSite === undefined) return true;
  return isTrustedCookieRequest(headers, trusted);
}

/** Throws 403 `CSRF_REJECTED` unless `allowed`. */
export function assertTrustedOrigin(allowed: boolean): void {
  if (!allowed) throw new AuthError('CSRF_REJECTED');
}
