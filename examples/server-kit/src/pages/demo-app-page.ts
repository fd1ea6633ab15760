import type { PageRequest, PageResponse } from '../web-response.js';
import { HTML_PAGE_HEADERS } from './page-headers.js';
import { findAsset } from './static-assets.js';

/**
 * `GET /`: the demo app (register, log in, profile and roles, log out, reports, user admin), and
 * `GET /assets/<file>`: the style sheet and the scripts of the example's pages (`.css`, `.js`).
 * Returns `undefined` for any other request.
 *
 * @example
 * const page = handleDemoApp({ method: 'GET', path: '/' });
 * // → { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': …, … }, body: '<!doctype html>…' }
 */
export function handleDemoApp(req: Pick<PageRequest, 'method' | 'path'>): PageResponse | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  if (req.path === '/') {
    const page = findAsset('index.html');
    return page && { status: 200, headers: { ...HTML_PAGE_HEADERS }, body: page.body };
  }
  const name = /^\/assets\/([\w.-]+\.(?:css|js))$/.exec(req.path)?.[1];
  const asset = name === undefined ? undefined : findAsset(name);
  if (!asset) return undefined;
  return {
    status: 200,
    // no-cache: a browser revalidates, so an edited file shows after a restart of the server.
    headers: { 'Content-Type': asset.contentType, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' },
    body: asset.body,
  };
}
