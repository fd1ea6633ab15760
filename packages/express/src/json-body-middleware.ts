import { assertIdentityEncoding, DEFAULT_BODY_LIMIT_BYTES, methodTakesBody, parseJsonBody } from '@gatehouse/http';
import type { RequestHandler } from 'express';
import { headerValue } from './header-value.js';
import { readBodyBytes } from './read-body.js';

/**
 * Applies the shared body rules of `@gatehouse/http` and puts the result in `req.body`: 413 over
 * `limitBytes` (16 KiB by default), 415 for a compressed or non-JSON body, 400 for malformed JSON,
 * `undefined` for an empty body. GET and HEAD bodies are not read. The bytes are read by the same
 * shared code as on every adapter, so every adapter behaves alike, down to the connection after a
 * 413.
 *
 * @example
 * router.post('/echo', jsonBody(), (req, res) => { res.json({ received: req.body }); });
 */
export function jsonBody(limitBytes = DEFAULT_BODY_LIMIT_BYTES): RequestHandler {
  return async (req, _res, next) => {
    if (!methodTakesBody(req.method)) {
      req.body = undefined;
      return next();
    }
    try {
      assertIdentityEncoding(headerValue(req, 'content-encoding'));
      req.body = parseJsonBody(headerValue(req, 'content-type'), await readBodyBytes(req, limitBytes));
    } catch (error) {
      return next(error);
    }
    next();
  };
}
