import type { RequestHandler } from 'express';

/** Auth responses carry tokens: never let a cache keep them; never let a browser sniff types. */
export function securityHeaders(): RequestHandler {
  return (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    res.set('X-Content-Type-Options', 'nosniff');
    next();
  };
}
