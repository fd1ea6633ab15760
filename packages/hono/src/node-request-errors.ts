import { AuthError } from '@gatehousejs/core';
import { type ErrorLog, toErrorResponse } from '@gatehousejs/http';

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
    const { status, body, headers } = toErrorResponse(refused, log);
    return new Response(JSON.stringify(body), {
      status,
      headers: {
        ...headers,
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  };
}
