import type { PageRequest, PageResponse } from '../web-response.js';
import { clientModules } from './client-modules.js';
import { HTML_PAGE_HEADERS } from './page-headers.js';
import { findAsset } from './static-assets.js';

// no-cache: a browser revalidates, so an edited file shows after a restart of the server.
const ASSET_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' };
const SCRIPT_TYPE = 'text/javascript; charset=utf-8';

/** `GET /assets/client/<module>.js`: the built typed client, which the demo app imports. */
function clientModule(name: string): PageResponse | undefined {
  const modules = clientModules();
  if (modules.missing)
    return { status: 503, headers: { ...ASSET_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' }, body: modules.missing };
  const body = modules.find(name);
  return body === undefined ? undefined : { status: 200, headers: { ...ASSET_HEADERS, 'Content-Type': SCRIPT_TYPE }, body };
}

export interface DemoAppOptions {
  /**
   * The server's `cookies.enabled`: with `true` or `'auto'` (AUTH_COOKIES unset) the page's client
   * uses cookie mode; with `false` it keeps the session in the tab (session.js).
   */
  cookies?: boolean | 'auto';
  /**
   * The path of a server-rendered account page this server serves, if any (the web-standard
   * example's `/account`): the page's nav links to it. The demo is shared by every example, and
   * only a server that has such a page says so.
   */
  accountPage?: string;
}

const COOKIE_MODE_META = '<meta name="gatehouse-session" content="cookies">';

// The server's own path, never a URL of another site (the link is shown to a signed-in person).
const SITE_PATH = /^\/(?!\/)[\w./-]*$/;

/** What the page's scripts learn from the server, as meta tags (no inline script under the CSP). */
function serverMetas(options: DemoAppOptions): string[] {
  const metas = options.cookies ? [COOKIE_MODE_META] : [];
  if (options.accountPage !== undefined) {
    if (!SITE_PATH.test(options.accountPage)) throw new Error(`accountPage must be a path on this server, got ${options.accountPage}`);
    metas.push(`<meta name="gatehouse-account-page" content="${options.accountPage}">`);
  }
  return metas;
}

/**
 * `GET /`: the demo app (register, log in, social sign-in, profile, roles and linked identities,
 * log out, reports, user admin), `GET /assets/<file>`: the style sheet and the scripts of the
 * example's pages (`.css`, `.js`), and `GET /assets/client/<module>.js`: the built typed client
 * `@gatehousejs/client` the scripts import. Returns `undefined` for any other request.
 *
 * @example
 * const page = handleDemoApp({ method: 'GET', path: '/' }, { cookies: auth.config.cookies.enabled });
 * // → { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': …, … }, body: '<!doctype html>…' }
 */
export function handleDemoApp(req: Pick<PageRequest, 'method' | 'path'>, options: DemoAppOptions = {}): PageResponse | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  if (req.path === '/') {
    const page = findAsset('index.html');
    if (!page) return undefined;
    // The page's scripts read the server's mode (session.js) and pages (demo-app.js) here, before any call.
    const metas = serverMetas(options);
    const body = page.body.replace('<meta charset="utf-8">', ['<meta charset="utf-8">', ...metas].join('\n'));
    return { status: 200, headers: { ...HTML_PAGE_HEADERS }, body };
  }
  const module = /^\/assets\/client\/([\w.-]+\.js)$/.exec(req.path)?.[1];
  if (module !== undefined) return clientModule(module);
  const name = /^\/assets\/([\w.-]+\.(?:css|js))$/.exec(req.path)?.[1];
  const asset = name === undefined ? undefined : findAsset(name);
  if (!asset) return undefined;
  return { status: 200, headers: { ...ASSET_HEADERS, 'Content-Type': asset.contentType }, body: asset.body };
}
