import { normalizeTarget } from '@gatehousejs/http';
import type { RequestHandler } from 'express';

/**
 * Puts the request path in the form every adapter routes, before Express routes it: dot segments
 * resolved (`/api/v1/x/../health` is `/api/v1/health`), escaped unreserved characters decoded
 * (`/api/v1/%68ealth` likewise); reserved escapes (`%2F`) and the query stay as they are. A target
 * that names no path (`GET *`, a backslash) goes to the error handler as the 400
 * `REQUEST_TARGET_INVALID`, as on Hono. Use it first, before any route or router.
 *
 * @example
 * app.use(normalizePath());
 * app.use('/api/v1', secureRouter(auth));
 */
export function normalizePath(): RequestHandler {
  return (req, _res, next) => {
    try {
      req.url = normalizeTarget(req.url);
    } catch (error) {
      return next(error);
    }
    next();
  };
}
