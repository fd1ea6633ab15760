import { adapterKit as kit } from '@gatehousejs/http/adapter';
import type { ErrorLog } from '@gatehousejs/http';
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
 * Every error as the contract's `{ statusCode, message, error, code }`; 500s logged by `log` only,
 * 503 with `Retry-After`; Express's own 4xx keep their status (docs/express.md, docs/errors.md).
 * @example app.use(errorHandler({ unexpected: (error) => log.error(error), unavailable: (error) => log.warn(error.message) }));
 */
export function errorHandler(log: ErrorLog = (e) => console.error(e)): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (res.headersSent) return next(error);
    writeAnswer(res, kit.errorAnswer(error, log, PARSER_FAILURES));
  };
}

/**
 * The JSON 404 for any request no route took (a badly escaped path: its 400). Mount after every router.
 * @example app.use(notFound());
 */
export function notFound(): RequestHandler {
  return (req, res) => writeAnswer(res, kit.notFoundAnswer(req.originalUrl));
}
