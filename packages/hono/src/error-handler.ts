import { AuthError } from '@gatehousejs/core';
import { routeNotFound, toErrorResponse, type ErrorLog } from '@gatehousejs/http';
import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { jsonResponse } from './json-response.js';

// Hono's own middleware (basic-auth, csrf, …) throws HTTPException: keep its status, use our body.
function fromHono(error: unknown): unknown {
  if (error instanceof HTTPException && error.status < 500) {
    return new AuthError('REQUEST_REFUSED', error.message || undefined, undefined, { status: error.status });
  }
  return error;
}

/**
 * The one place where errors become responses, for `app.onError`: `{ statusCode, message, error }`
 * with the status of CONTRACT §2. Unexpected errors go to `log` (server side only) and are answered
 * with a generic 500; a dependency that is unavailable answers 503 with `Retry-After` (see
 * `ErrorLog` to log those as one line).
 *
 * @example
 * app.onError(errorHandler({ unexpected: (error) => log.error(error), unavailable: (error) => log.warn(error.message) }));
 */
export function errorHandler(log: ErrorLog = (e) => console.error(e)): ErrorHandler {
  return (error, c) => {
    const { status, body, headers } = toErrorResponse(fromHono(error), log);
    return jsonResponse(c, status, body, headers);
  };
}

/**
 * The JSON 404 for `app.notFound`: the same body with or without a token; a path that is not
 * validly percent-encoded gets the 400 it gets on a route (see `assertPathEncoding`).
 *
 * @example
 * app.notFound(notFound());
 */
export function notFound(): NotFoundHandler {
  return (c) => {
    const { status, body } = routeNotFound(c.req.url);
    return jsonResponse(c, status, body);
  };
}
