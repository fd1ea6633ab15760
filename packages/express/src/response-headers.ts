import { API_SECURITY_HEADERS, decideCors } from '@gatehousejs/http/adapter';
import type { RequestHandler } from 'express';

/**
 * `Cache-Control: no-store` and `X-Content-Type-Options: nosniff`: auth responses carry tokens.
 * @example app.use('/api', securityHeaders());
 */
export function securityHeaders(): RequestHandler {
  return (_req, res, next) => {
    res.set(API_SECURITY_HEADERS);
    next();
  };
}

/**
 * CORS for the listed origins only (`decideCors`: exact, never `*`, no credentials); their preflights answered 204.
 * @example app.use('/api', cors(['https://app.example.com']));
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
