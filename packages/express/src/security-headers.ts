import { API_SECURITY_HEADERS } from '@gatehousejs/http';
import type { RequestHandler } from 'express';

/** Auth responses carry tokens: never let a cache keep them; never let a browser sniff types (`API_SECURITY_HEADERS`). */
export function securityHeaders(): RequestHandler {
  return (_req, res, next) => {
    for (const name in API_SECURITY_HEADERS) res.setHeader(name, API_SECURITY_HEADERS[name]!);
    next();
  };
}
