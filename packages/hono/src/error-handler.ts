import { AuthError } from '@gatehousejs/core';
import { API_SECURITY_HEADERS, errorAnswer, notFoundAnswer, type ErrorLog } from '@gatehousejs/http';
import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { sendAnswer } from './exchange.js';

// Hono's own middleware (basic-auth, csrf, …) throws HTTPException: keep its status and its message, use our body.
function fromHono(error: unknown): unknown {
  if (error instanceof HTTPException && error.status < 500) {
    return new AuthError('REQUEST_REFUSED', error.message || undefined, undefined, { status: error.status });
  }
  return error;
}

/**
 * The one place where errors become responses, for `app.onError`: `{ statusCode, message, error,
 * code }` with the status of CONTRACT §2 (`errorAnswer`). Unexpected errors go to `log` (server
 * side only) and are answered with a generic 500; a dependency that is unavailable answers 503
 * with `Retry-After` (see `ErrorLog` to log those as one line).
 *
 * @example
 * app.onError(errorHandler({ unexpected: (error) => log.error(error), unavailable: (error) => log.warn(error.message) }));
 */
export function errorHandler(log: ErrorLog = (e) => console.error(e)): ErrorHandler {
  return (error, c) => sendAnswer(c, errorAnswer(fromHono(error), log));
}

/**
 * The JSON 404 for `app.notFound`: the same body with or without a token; a path that is not
 * validly percent-encoded gets the 400 it gets on a route.
 *
 * @example
 * app.notFound(notFound());
 */
export function notFound(): NotFoundHandler {
  return (c) => sendAnswer(c, notFoundAnswer(c.req.url));
}

/**
 * The `errorHandler` of @hono/node-server's `getRequestListener`, for the requests its Node server
 * cannot turn into a `Request` before the app runs: `GET *`, a backslash in the path, a bad `Host`.
 * Without it they get an empty 400 with no headers; with it, the contract's 400
 * (`REQUEST_TARGET_INVALID`) as the Express adapter gives. Anything else that reaches it is the
 * generic 500, logged. (`serve()` takes no `errorHandler`: build the listener yourself, as below.)
 *
 * @example
 * import { createServer } from 'node:http';
 * import { getRequestListener } from '@hono/node-server';
 *
 * createServer(getRequestListener(app.fetch, { errorHandler: nodeRequestErrorHandler() })).listen(3000);
 */
export function nodeRequestErrorHandler(log: ErrorLog = (e) => console.error(e)): (error: unknown) => Response {
  return (error) => {
    // @hono/node-server's RequestError: matched by name, so this package needs no Node import.
    const refused = error instanceof Error && error.name === 'RequestError' ? new AuthError('REQUEST_TARGET_INVALID') : error;
    const { status, headers, body } = errorAnswer(refused, log);
    return new Response(body, { status, headers: { ...headers, ...API_SECURITY_HEADERS } });
  };
}
