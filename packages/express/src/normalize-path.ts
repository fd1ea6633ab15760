import { AuthError } from '@gatehousejs/core';
import { isRoutableTarget, normalizeRequestPath } from '@gatehousejs/http';
import type { RequestHandler } from 'express';

/**
 * Puts the request path in the form Hono on Node routes, before Express routes it: dot segments
 * resolved (`/api/v1/x/../health` is `/api/v1/health`), escaped unreserved characters decoded
 * (`/api/v1/%68ealth` likewise); see `normalizeRequestPath`. Use it first, before any route or
 * router. Reserved escapes (`%2F`) stay escaped, and the query string is not touched. A target that
 * names no path (`GET *`, a backslash in the path) goes to the error handler as the 400
 * `REQUEST_TARGET_INVALID`, as on Hono (see `isRoutableTarget`).
 *
 * @example
 * app.use(normalizePath());
 * app.use('/api/v1', secureRouter(auth));
 */
export function normalizePath(): RequestHandler {
  return (req, _res, next) => {
    if (!isRoutableTarget(req.url)) {
      next(new AuthError('REQUEST_TARGET_INVALID'));
      return;
    }
    const query = req.url.indexOf('?');
    const path = query < 0 ? req.url : req.url.slice(0, query);
    const normalized = normalizeRequestPath(path);
    if (normalized !== path) req.url = normalized + (query < 0 ? '' : req.url.slice(query));
    next();
  };
}
