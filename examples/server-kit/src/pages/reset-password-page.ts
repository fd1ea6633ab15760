import type { PageRequest, PageResponse } from '../web-response.js';
import { HTML_PAGE_HEADERS } from './page-headers.js';
import { findAsset } from './static-assets.js';

/**
 * `GET /reset-password?token=…`: the page the reset mail links to (CONTRACT §7). It checks the two
 * passwords with the API's own rules and messages, posts them with the token to
 * `/api/v1/auth/reset-password`, and shows the API's message. Its style and script come from
 * `/assets/` (see `handleDemoApp`); the token is never sent to a third party (no referrer, nothing
 * loaded from elsewhere). Returns `undefined` for any other request.
 *
 * @example
 * handleResetPasswordPage({ method: 'GET', path: '/reset-password' })?.status; // 200
 */
export function handleResetPasswordPage(req: Pick<PageRequest, 'method' | 'path'>): PageResponse | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  if (req.path !== '/reset-password') return undefined;
  const page = findAsset('reset-password.html');
  return page && { status: 200, headers: { ...HTML_PAGE_HEADERS }, body: page.body };
}
