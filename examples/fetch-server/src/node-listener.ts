import type { RequestListener } from 'node:http';
import { AuthError } from '@gatehousejs/core';
import { requestIdOf } from '@gatehousejs/http/node';
import type { FetchHandler } from '@gatehousejs/fetch';
import { toErrorResponse } from '@gatehousejs/http';
import { getRequestListener, type HttpBindings } from '@hono/node-server';

// What @hono/node-server cannot make a `Request` of (a bad `Host`): the contract's 400, not an empty one.
function refuseTarget(): Response {
  const { status, body } = toErrorResponse(new AuthError('REQUEST_TARGET_INVALID'));
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

/**
 * The web-standard handler as a Node request listener, through @hono/node-server's Request/Response
 * bridge (it streams the body, and gives none to a request with neither `Content-Length` nor
 * `Transfer-Encoding`). The peer address comes from Node's socket, the request id from the
 * response the kit set it on.
 */
export function nodeListener(handler: FetchHandler): RequestListener {
  const listener = getRequestListener(
    (request, env) => {
      const { incoming, outgoing } = env as HttpBindings;
      return handler(request, { peerAddress: incoming.socket.remoteAddress, requestId: requestIdOf(outgoing) });
    },
    { errorHandler: refuseTarget },
  );
  return listener as unknown as RequestListener;
}
