import { adapterKit as kit } from '@gatehousejs/http/adapter';
import type { RequestHandler } from 'express';

/**
 * Puts the path in the form every adapter routes (`/x/../%68ealth` is `/health`) before Express
 * routes it; a target naming no path is the 400 `REQUEST_TARGET_INVALID`. Use it first (docs/express.md).
 * @example app.use(normalizePath());
 */
export function normalizePath(): RequestHandler {
  return (req, _res, next) => {
    try {
      req.url = kit.normalizeTarget(req.url);
    } catch (error) {
      return next(error);
    }
    next();
  };
}
