import { decideCors } from '@gatehouse/http';
import type { MiddlewareHandler } from 'hono';

/**
 * CORS for the listed browser origins only (see `decideCors` in `@gatehouse/http`): exact matches,
 * never `*`, no credentials; the same answers as the Express adapter's `cors`. A preflight from a
 * listed origin is answered 204 here; anything else goes on unchanged.
 *
 * @example
 * app.use('/api/*', cors(['https://app.example.com']));
 */
export function cors(allowedOrigins: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    const answer = decideCors(
      { method: c.req.method, origin: c.req.header('origin'), requestMethod: c.req.header('access-control-request-method') },
      allowedOrigins,
    );
    if (!answer) return next();
    if (answer.preflight) return c.body(null, 204, answer.headers);
    await next();
    for (const [name, value] of Object.entries(answer.headers)) c.header(name, value);
  };
}
