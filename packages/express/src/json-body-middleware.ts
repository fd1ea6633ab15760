import { assertIdentityEncoding, DEFAULT_BODY_LIMIT_BYTES, methodTakesBody, parseJsonBody } from '@gatehousejs/http';
import type { Request, RequestHandler } from 'express';
import { headerValue } from './header-value.js';
import { parsedBefore } from './parsed-before.js';
import { readBodyBytes } from './read-body.js';

/**
 * Applies the shared body rules of `@gatehousejs/http` and puts the result in `req.body`: 413 over
 * `limitBytes` (16 KiB by default), 415 for a compressed or non-JSON body, 400 for malformed JSON,
 * `undefined` for an empty body. GET and HEAD bodies are not read. The bytes are read by the same
 * shared code as on every adapter, so every adapter behaves alike, down to the connection after a
 * 413. A body that a parser mounted before (`express.json()`, `express.urlencoded()`, …) already
 * read is taken from `req.body` under the same rules (see `parsedBefore`), never lost.
 *
 * @example
 * router.post('/echo', jsonBody(), (req, res) => { res.json({ received: req.body }); });
 */
export function jsonBody(limitBytes = DEFAULT_BODY_LIMIT_BYTES): RequestHandler {
  // Not `async`: a GET passes on at once, without the promise and the microtask an async function
  // costs on every request (about 1 µs, measured on a protected GET route).
  return (req, _res, next) => {
    if (!methodTakesBody(req.method)) {
      req.body = undefined;
      return next();
    }
    // Returned, so that Express passes an error thrown further down the chain to the error handler,
    // as it does for an async middleware.
    return readJsonBody(req, limitBytes).then((body) => {
      req.body = body;
      next();
    }, next);
  };
}

async function readJsonBody(req: Request, limitBytes: number): Promise<unknown> {
  assertIdentityEncoding(headerValue(req, 'content-encoding'));
  // The stream has been read to its end: by a body parser mounted before this one.
  if (req.readableEnded) return parsedBefore(req, limitBytes);
  return parseJsonBody(headerValue(req, 'content-type'), await readBodyBytes(req, limitBytes));
}
