import { decideCors } from '@gatehousejs/http';
import type { RequestHandler } from 'express';

/**
 * CORS for the listed browser origins only (see `decideCors`): exact matches, never `*`, no
 * credentials. Preflights from a listed origin are answered 204 here.
 *
 * @example
 * app.use('/api', cors(['https://app.example.com']));
 */
export function cors(allowedOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    const answer = decideCors(
      { method: req.method, origin: req.get('origin'), requestMethod: req.get('access-control-request-method') },
      allowedOrigins,
    );
    if (!answer) return next();
    res.set(answer.headers);
    if (answer.preflight) {
      res.status(204).end();
      return;
    }
    next();
  };
}
