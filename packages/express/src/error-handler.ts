import { AuthError, isAuthError } from '@gatehousejs/core';
import { bodyError, pathEncodingError, routeNotFound, toErrorResponse, type BodyFailure, type ErrorLog } from '@gatehousejs/http';
import type { ErrorRequestHandler, RequestHandler } from 'express';

// body-parser's error `type`s (an `express.json()` of your own), as the shared body failures.
const PARSER_FAILURES: Readonly<Record<string, BodyFailure>> = Object.freeze({
  'entity.too.large': 'too-large',
  'entity.parse.failed': 'malformed',
  'encoding.unsupported': 'compressed',
  'charset.unsupported': 'not-utf-8',
  'request.aborted': 'unreadable',
  'request.size.invalid': 'unreadable',
});

/**
 * Express, its router and body-parser raise errors that carry an HTTP `status` (or `statusCode`):
 * the router's URIError for a route parameter that is not validly percent-encoded, body-parser's
 * refusals. A 4xx keeps its status and gets the contract's body; its own message (which may quote
 * the request) is not sent. Anything else goes on as it is, to become the generic 500.
 */
function fromExpress(error: unknown): unknown {
  if (typeof error !== 'object' || error === null || isAuthError(error)) return error;
  const { status, statusCode, type } = error as { status?: unknown; statusCode?: unknown; type?: unknown };
  const code = typeof status === 'number' ? status : statusCode;
  if (typeof code !== 'number' || !Number.isInteger(code) || code < 400 || code > 499) return error;
  if (error instanceof URIError) return pathEncodingError();
  const failure = typeof type === 'string' ? PARSER_FAILURES[type] : undefined;
  const known = failure ? bodyError(failure) : undefined;
  return known?.status === code ? known : new AuthError('REQUEST_REFUSED', undefined, undefined, { status: code });
}

/**
 * The one place where errors become responses: `{ statusCode, message, error }` with the status of
 * CONTRACT §2. Unexpected errors are logged by `log` (server side only) and answered 500; a
 * dependency that is unavailable answers 503 with `Retry-After` (see `ErrorLog` to log those as one
 * line). Express's own 4xx errors (see `fromExpress`) keep their status.
 *
 * @example
 * app.use(errorHandler({ unexpected: (error) => log.error(error), unavailable: (error) => log.warn(error.message) }));
 */
export function errorHandler(log: ErrorLog = (e) => console.error(e)): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (res.headersSent) return next(error);
    const { status, body, headers } = toErrorResponse(fromExpress(error), log);
    res.status(status).set(headers).json(body);
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
  return (req, res) => {
    const { status, body } = routeNotFound(req.originalUrl);
    res.status(status).json(body);
  };
}
