import { API_SECURITY_HEADERS, decideCors } from '@gatehousejs/http';
import type { Context, MiddlewareHandler, Next } from 'hono';

/**
 * Runs the rest of the chain with `headers` on its response, without making Hono copy the response.
 *
 * The headers are set *before* `next()`, so the handler's `c.json()` (or the error handler's, or
 * the 404's) builds its response with them in place; set after, on a finished response, Hono would
 * have to copy it, and @hono/node-server would stream that copy instead of writing it directly. A `Response` a handler built itself does not see them: they are checked
 * afterwards and set on it, copy and all. A header the answer sets itself is kept, as Express keeps
 * it: a route that means to be cached (the JWKS) says so on purpose.
 */
async function withResponseHeaders(c: Context, next: Next, headers: Readonly<Record<string, string>>): Promise<void> {
  for (const name in headers) c.header(name, headers[name]);
  await next();
  const built = c.res.headers;
  for (const name in headers) {
    if (!built.has(name)) c.header(name, headers[name]);
  }
}

/**
 * Auth responses carry tokens: never let a cache keep them; never let a browser sniff types. Set
 * on every response of the paths it covers, errors, 404s and a handler's own `Response` included.
 *
 * @example
 * app.use('/api/*', securityHeaders());
 */
export function securityHeaders(): MiddlewareHandler {
  return (c, next) => withResponseHeaders(c, next, API_SECURITY_HEADERS);
}

/**
 * CORS for the listed browser origins only (`decideCors`): exact matches, never `*`, no
 * credentials; the same answers as the Express adapter's `cors`. A preflight from a listed origin
 * is answered 204 here; anything else goes on unchanged.
 *
 * @example
 * app.use('/api/*', cors(['https://app.example.com']));
 */
export function cors(allowedOrigins: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin');
    // Same-origin requests (no Origin) are most of the traffic: nothing more to read.
    if (origin === undefined) return next();
    const answer = decideCors(
      { method: c.req.method, origin, requestMethod: c.req.header('access-control-request-method') },
      allowedOrigins,
    );
    if (!answer) return next();
    if (answer.preflight) return c.body(null, 204, answer.headers);
    await withResponseHeaders(c, next, answer.headers);
  };
}
