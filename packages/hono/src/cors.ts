import { decideCors } from '@gatehousejs/http';
import type { MiddlewareHandler } from 'hono';
import { withResponseHeaders } from './response-headers.js';

/**
 * CORS for the listed browser origins only (see `decideCors` in `@gatehousejs/http`): exact matches,
 * never `*`, no credentials; the same answers as the Express adapter's `cors`. A preflight from a
 * listed origin is answered 204 here; anything else goes on unchanged. The headers are read with
 * `c.req.header()` (on @hono/node-server 2 a lookup in the raw headers, no web `Headers` built) and set before the handler runs, so its
 * answer is not copied (`withResponseHeaders`).
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
