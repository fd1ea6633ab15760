import { API_SECURITY_HEADERS, decideCors } from '@gatehousejs/http';
import type { RequestHandler } from 'express';

/**
 * Auth responses carry tokens: never let a cache keep them; never let a browser sniff types (`API_SECURITY_HEADERS`).
 *
 * @example
 * app.use('/api', securityHeaders());
 */
export function securityHeaders(): RequestHandler {
  return (_req, res, next) => {
    res.set(API_SECURITY_HEADERS);
    next();
  };
}

/**
 * CORS for the listed browser origins only (`decideCors`): exact matches, never `*`, no
 * credentials. Preflights from a listed origin are answered 204 here.
 *
 * @example
 * app.use('/api', cors(['https://app.example.com']));
 */
export function cors(allowedOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    const request = { method: req.method, origin: req.get('origin'), requestMethod: req.get('access-control-request-method') };
    const answer = decideCors(request, allowedOrigins);
    if (answer) res.set(answer.headers);
    if (answer?.preflight) res.status(204).end();
    else next();
  };
}
