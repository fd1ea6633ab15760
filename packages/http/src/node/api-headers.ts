import type { IncomingMessage, RequestListener } from 'node:http';
import { decideCors } from '../rules/cors.js';
import { readRawHeader } from '../rules/raw-header.js';
import { API_SECURITY_HEADERS } from '../rules/security-headers.js';
import { chooseRequestId } from './request-id.js';

export interface ApiHeadersOptions {
  /** Browser origins allowed to call the API, exact matches (`*` is never echoed); none by default. */
  corsOrigins?: readonly string[];
  /** Allow credentials on CORS answers: cookie mode, so a listed origin's page can send the session cookie. */
  credentials?: boolean;
}

/**
 * Whether a request target (origin form, `/path?query`) is under `/api`, as the frameworks route
 * it: case-sensitive, and with percent-escapes decoded (`/%61pi/v1/health` is `/api/v1/health` to
 * Hono and to the Express example's `normalizePath()`).
 */
export function isApiPath(target: string): boolean {
  if (target.startsWith('/api')) {
    const next = target.charCodeAt(4);
    // `/api`, `/api/…`, `/api?…`, but not `/apis`.
    if (Number.isNaN(next) || next === 47 /* / */ || next === 63 /* ? */) return true;
  }
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  if (!path.includes('%')) return false;
  try {
    const decoded = decodeURI(path);
    return decoded === '/api' || decoded.startsWith('/api/');
  } catch {
    // A malformed escape names no route: the app answers it (400), with the headers of a non-API path.
    return false;
  }
}

const header = (req: IncomingMessage, name: string) => readRawHeader(req.rawHeaders, name);

/**
 * What every answer of an API on Node carries, set once on Node's response before the framework
 * sees the request: one implementation under every framework, and no middleware for the framework
 * to run (what that saves is in docs/performance.md). The example servers mount it:
 *
 * - `X-Request-Id` on every answer: the proxy's own when it is a plain id, else a new UUID
 *   (`chooseRequestId`). The app reads it back with `requestIdOf(res)` and passes it on (to core's
 *   request context, to the error log), so each log line of the request carries it.
 * - Under `/api`: `API_SECURITY_HEADERS` (`Cache-Control: no-store`, `nosniff`) and CORS for the
 *   listed origins (`decideCors`: exact matches; credentials unless AUTH_COOKIES=false); a preflight from a listed origin
 *   is answered 204 here.
 *
 * Headers set with `setHeader` are merged into the framework's own `writeHead` (Express sets its
 * headers the same way; @hono/node-server passes the `Response`'s headers to `writeHead`), and a
 * header the route sets itself wins: the OpenAPI document keeps its `Cache-Control: no-cache`.
 * It is the Node form of each adapter's `securityHeaders()` and `cors()`, with the same answers.
 *
 * @example
 * import { createServer } from 'node:http';
 * import { withApiHeaders } from '@gatehousejs/http/node';
 *
 * createServer(withApiHeaders(app, { corsOrigins: ['https://app.example.com'] })).listen(3000);
 */
export function withApiHeaders(listener: RequestListener, options: ApiHeadersOptions = {}): RequestListener {
  const corsOrigins = options.corsOrigins ?? [];
  const credentials = options.credentials ?? false;
  return (req, res) => {
    const requestId = chooseRequestId(header(req, 'x-request-id'));
    res.setHeader('X-Request-Id', requestId);
    if (isApiPath(req.url ?? '/')) {
      for (const name in API_SECURITY_HEADERS) res.setHeader(name, API_SECURITY_HEADERS[name]!);
      // Same-origin requests (no Origin) are most of the traffic: nothing more to read.
      const origin = header(req, 'origin');
      const cors =
        origin === undefined
          ? undefined
          : decideCors({ method: req.method ?? 'GET', origin, requestMethod: header(req, 'access-control-request-method') }, corsOrigins, {
              credentials,
            });
      if (cors) {
        for (const name in cors.headers) res.setHeader(name, cors.headers[name]!);
        if (cors.preflight) {
          res.writeHead(204).end();
          return;
        }
      }
    }
    listener(req, res);
  };
}
