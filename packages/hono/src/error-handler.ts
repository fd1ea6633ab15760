import { AuthError } from '@gatehousejs/core';
import { adapterKit as kit, API_SECURITY_HEADERS } from '@gatehousejs/http/adapter';
import type { ErrorLog } from '@gatehousejs/http';
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
 * Every error as the contract's `{ statusCode, message, error, code }`, for `app.onError`; 500s
 * logged by `log` only, 503 with `Retry-After` (docs/hono.md, docs/errors.md).
 * @example app.onError(errorHandler({ unexpected: (error) => log.error(error), unavailable: (error) => log.warn(error.message) }));
 */
export function errorHandler(log: ErrorLog = (e) => console.error(e)): ErrorHandler {
  return (error, c) => sendAnswer(c, kit.errorAnswer(fromHono(error), log));
}

/**
 * The JSON 404 for `app.notFound`, with or without a token (a badly escaped path: its 400).
 * @example app.notFound(notFound());
 */
export function notFound(): NotFoundHandler {
  return (c) => sendAnswer(c, kit.notFoundAnswer(c.req.url));
}

/**
 * For @hono/node-server's `getRequestListener`: a request it cannot build (`GET *`, a backslash, a bad
 * `Host`) gets the contract's 400 instead of an empty one, anything else the 500 (docs/hono.md).
 * @example createServer(getRequestListener(app.fetch, { errorHandler: nodeRequestErrorHandler() })).listen(3000);
 */
export function nodeRequestErrorHandler(log: ErrorLog = (e) => console.error(e)): (error: unknown) => Response {
  return (error) => {
    // @hono/node-server's RequestError: matched by name, so this package needs no Node import.
    const refused = error instanceof Error && error.name === 'RequestError' ? new AuthError('REQUEST_TARGET_INVALID') : error;
    const { status, headers, body } = kit.errorAnswer(refused, log);
    return new Response(body, { status, headers: { ...headers, ...API_SECURITY_HEADERS } });
  };
}
