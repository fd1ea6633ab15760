import { errorAnswer, notFoundAnswer, type ErrorLog } from '@gatehousejs/http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { writeAnswer } from './exchange.js';

// body-parser's error `type`s (an `express.json()` of your own), as the catalogue's body failures.
const PARSER_FAILURES = Object.freeze({
  'entity.too.large': 'too-large',
  'entity.parse.failed': 'malformed',
  'encoding.unsupported': 'compressed',
  'charset.unsupported': 'not-utf-8',
  'request.aborted': 'unreadable',
  'request.size.invalid': 'unreadable',
} as const);

/**
 * The one place where errors become responses: `{ statusCode, message, error, code }` with the
 * status of CONTRACT §2 (`errorAnswer`). Unexpected errors are logged by `log` (server side only)
 * and answered 500; an unavailable dependency answers 503 with `Retry-After` (see `ErrorLog`).
 * Express's own 4xx errors (its router, body-parser) keep their status.
 *
 * @example
 * app.use(errorHandler({ unexpected: (error) => log.error(error), unavailable: (error) => log.warn(error.message) }));
 */
export function errorHandler(log: ErrorLog = (e) => console.error(e)): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (res.headersSent) return next(error);
    writeAnswer(res, errorAnswer(error, log, PARSER_FAILURES));
  };
}

/**
 * Answers any request no route took with a JSON 404 (a path that is not validly percent-encoded:
 * the 400 it gets on a route). Mount after every router.
 *
 * @example
 * app.use(notFound());
 */
export function notFound(): RequestHandler {
  return (req, res) => writeAnswer(res, notFoundAnswer(req.originalUrl));
}
