import { API_SECURITY_HEADERS, decideCors } from '@gatehousejs/http/adapter';
import type { Context, MiddlewareHandler, Next } from 'hono';

/**
 * Runs the rest of the chain with `headers` on its response. Set before `next()`, so `c.json()`
 * builds its response with them in place (set after, Hono would copy the response and
 * @hono/node-server stream the copy); a `Response` built by hand gets them afterwards. A header the
 * answer sets itself is kept, as on Express: a route meant to be cached (the JWKS) says so on purpose.
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
 * `Cache-Control: no-store` and `X-Content-Type-Options: nosniff` on every response of its paths (errors and 404s too).
 * @example app.use('/api/*', securityHeaders());
 */
export function securityHeaders(): MiddlewareHandler {
  return (c, next) => withResponseHeaders(c, next, API_SECURITY_HEADERS);
}

/**
 * CORS for the listed origins only (`decideCors`: exact, never `*`, no credentials); their preflights answered 204.
 * @example app.use('/api/*', cors(['https://app.example.com']));
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
