import { normalizeUnreservedEscapes } from '@gatehouse/http';
import type { RequestHandler } from 'express';

/**
 * Decodes percent-encoded unreserved characters in the request path before Express routes it, so
 * `/api/v1/%68ealth` reaches the `/api/v1/health` route, as it does on Hono (which decodes paths
 * itself); see `normalizeUnreservedEscapes`. Use it first, before any route or router. Other
 * escapes (`%2F`, `%20`, …) are left to Express, and the query string is not touched.
 *
 * @example
 * app.use(normalizePath());
 * app.use('/api/v1', secureRouter(auth));
 */
export function normalizePath(): RequestHandler {
  return (req, _res, next) => {
    const query = req.url.indexOf('?');
    const path = query < 0 ? req.url : req.url.slice(0, query);
    if (path.includes('%')) req.url = normalizeUnreservedEscapes(path) + (query < 0 ? '' : req.url.slice(query));
    next();
  };
}
