import { AuthError } from '@gatehousejs/core';

/**
 * The path of `url` (absolute, or origin-form such as `/a/b?c`): everything from the first `/`
 * after the scheme and authority up to the query.
 */
function pathBounds(url: string): [start: number, end: number] {
  const scheme = url.indexOf('://');
  const start = url.charCodeAt(0) === 47 /* / */ || scheme < 0 ? 0 : url.indexOf('/', scheme + 3);
  if (start < 0) return [0, 0];
  const query = url.indexOf('?', start);
  return [start, query < 0 ? url.length : query];
}

/**
 * Throws the 400 for a request path with invalid percent-encoding: a `%` not followed by two hex
 * digits, or escapes that do not decode to UTF-8 (`%ZZ`, `%E0%A4%A`, `%FF`). Such a path names no
 * resource; frameworks disagree about it (Express fails while decoding a route parameter, Hono
 * matches the undecoded text), so every adapter refuses it the same way, before authentication.
 * The query string is not checked: its parsers are lenient on every framework alike.
 *
 * @example
 * assertPathEncoding('/api/v1/users/%ZZ/roles'); // throws AuthError PATH_MALFORMED (400)
 * assertPathEncoding('http://localhost/api/v1/users/a%20b?x=%ZZ'); // fine
 */
export function assertPathEncoding(url: string): void {
  const [start, end] = pathBounds(url);
  const percent = url.indexOf('%', start);
  if (percent < 0 || percent >= end) return;
  try {
    decodeURIComponent(url.slice(percent, end));
  } catch {
    throw pathEncodingError();
  }
}

/** The 400 of `assertPathEncoding`, for adapters whose framework finds the bad escape itself. */
export function pathEncodingError(): AuthError {
  return new AuthError('PATH_MALFORMED');
}

const ABSOLUTE_FORM = /^https?:\/\//i;

/**
 * Whether a raw request target (Node's `req.url`) can name a route: origin form (`/path?query`) or
 * absolute form (`http://host/path`), with no backslash before the query. `*` (asterisk form) and
 * `host:port` (authority form) name no resource here (RFC 9112 §3.2); a backslash is a `/` to the
 * URL standard but refused by @hono/node-server. Both adapters answer these with the 400
 * `REQUEST_TARGET_INVALID` in the contract's body (Express in `normalizePath()`, Hono on Node through
 * `nodeRequestErrorHandler()`), so `GET /api/v1\users\me` routes nowhere on either.
 *
 * @example
 * isRoutableTarget('/api/v1/health?x=\\'); // true
 * isRoutableTarget('*');                    // false
 * isRoutableTarget('/api/v1\\users\\me');   // false
 */
export function isRoutableTarget(target: string): boolean {
  if (target.charCodeAt(0) !== 47 /* / */ && !ABSOLUTE_FORM.test(target)) return false;
  const backslash = target.indexOf('\\');
  if (backslash < 0) return true;
  const query = target.indexOf('?');
  return query >= 0 && query < backslash;
}

const ESCAPE = /%[0-9A-Fa-f]{2}/g;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * `path` with its percent-encoded unreserved characters (letters, digits, `-`, `.`, `_`, `~`)
 * decoded, every other escape kept as it is. RFC 3986 §6.2.2.2 makes the two spellings the same
 * URI: `/api/v1/%68ealth` is `/api/v1/health`. Hono decodes request paths before routing and
 * Express does not, so the Express adapter applies this first (`normalizePath()`) and both route
 * such a request alike. Decoding only unreserved characters cannot create a `/` or a `%`, so
 * nothing is decoded twice and no segment boundary moves.
 *
 * @example
 * normalizeUnreservedEscapes('/api/v1/%68ealth'); // '/api/v1/health'
 * normalizeUnreservedEscapes('/files/a%2Fb%20c');  // unchanged
 */
export function normalizeUnreservedEscapes(path: string): string {
  return path.replace(ESCAPE, (escape) => {
    const char = String.fromCharCode(Number.parseInt(escape.slice(1), 16));
    return UNRESERVED.test(char) ? char : escape;
  });
}

/** Only paths with these can differ from their WHATWG form: dot segments, escapes, backslashes. */
const MAY_CHANGE = /[.%\\]/;

/**
 * A request path as Hono on Node routes it: parsed by the WHATWG URL parser, as @hono/node-server
 * does when it builds the request (dot segments `.`/`..`, also escaped as `%2e`, are resolved; a
 * backslash is a slash), then with escaped unreserved characters decoded
 * (`normalizeUnreservedEscapes`). The Express adapter applies it before routing
 * (`normalizePath()`), so both adapters route every path alike by construction: the same parser.
 * Dot segments never climb above the root, and the guard runs on whatever route the result names.
 *
 * @example
 * normalizeRequestPath('/api/v1/x/../health');   // '/api/v1/health'
 * normalizeRequestPath('/api/v1/%2e%2e/v1/me');  // '/api/v1/me'
 */
export function normalizeRequestPath(path: string): string {
  if (!path.startsWith('/') || !MAY_CHANGE.test(path)) return path;
  let parsed: string;
  try {
    // An origin in front, so a path beginning with `//` stays a path, not an authority.
    parsed = new URL(`http://localhost${path}`).pathname;
  } catch {
    return path;
  }
  return normalizeUnreservedEscapes(parsed);
}
