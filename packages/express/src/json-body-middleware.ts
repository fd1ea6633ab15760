import { DEFAULT_BODY_LIMIT_BYTES, readRequestBody } from '@gatehousejs/http';
import type { RequestHandler } from 'express';
import { expressExchange } from './exchange.js';

/**
 * Applies the shared body rules of `@gatehousejs/http` and puts the result in `req.body`: 413 over
 * `limitBytes` (16 KiB by default), 415 for a compressed or non-JSON body, 400 for malformed JSON,
 * `undefined` for an empty body. GET and HEAD bodies are not read. A body that a parser mounted
 * before (`express.json()`, …) already read is taken from `req.body` under the same rules.
 *
 * @example
 * router.post('/echo', jsonBody(), (req, res) => { res.json({ received: req.body }); });
 */
export function jsonBody(limitBytes = DEFAULT_BODY_LIMIT_BYTES): RequestHandler {
  return (req, res, next) => {
    readRequestBody(expressExchange(req, res), 'json', limitBytes).then((body) => {
      req.body = body;
      next();
    }, next);
  };
}
