import { routeNotFound, toErrorResponse } from '@gatehouse/http';
import type { ErrorRequestHandler, RequestHandler } from 'express';

/**
 * The one place where errors become responses: `{ statusCode, message, error }` with the status of
 * CONTRACT §2. Unexpected errors are logged by `logUnexpected` (server side only) and answered 500.
 */
export function errorHandler(logUnexpected: (error: unknown) => void = (e) => console.error(e)): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (res.headersSent) return next(error);
    const { status, body, headers } = toErrorResponse(error, logUnexpected);
    res.status(status).set(headers).json(body);
  };
}

/** Answers any request no route took with a JSON 404. Mount after every router. */
export function notFound(): RequestHandler {
  return (_req, res) => {
    const { status, body } = routeNotFound();
    res.status(status).json(body);
  };
}
