import type { RequestListener } from 'node:http';
import { AuthError } from '@gatehousejs/core';
import { requestIdOf } from '@gatehousejs/http/node';
import type { FetchHandler } from '@gatehousejs/fetch';
import { adapterKit } from '@gatehousejs/http/adapter';
import { declaresBody, toErrorResponse } from '@gatehousejs/http';
import { getRequestListener, type HttpBindings } from '@hono/node-server';

// What @hono/node-server cannot make a `Request` of (a bad `Host`): the contract's 400, not an empty one.
function refuseTarget(): Response {
  const { status, body } = toErrorResponse(new AuthError('REQUEST_TARGET_INVALID'));
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

/**
 * The web-standard handler as a Node request listener, through @hono/node-server's Request/Response
 * bridge. The bridge builds a body stream for every POST, also one with neither `Content-Length`
 * nor `Transfer-Encoding` (which has no body, RFC 9112 §6.3, and is how `curl -X POST` sends
 * verify-token): `hasBody` tells the handler so from Node's headers, and it never opens that
 * stream, and a request with no body to read is let to end at once (`endEmptyBody`). The peer address comes from Node's socket, the request id from the response the kit set it on.
 */
export function nodeListener(handler: FetchHandler): RequestListener {
  const listener = getRequestListener(
    (request, env) => {
      const { incoming, outgoing } = env as HttpBindings;
      // Nothing to read: the request ends now, rather than after @hono/node-server's timers and drain.
      adapterKit.endEmptyBody(incoming);
      return handler(request, {
        peerAddress: incoming.socket.remoteAddress,
        requestId: requestIdOf(outgoing),
        hasBody: declaresBody(incoming.headers),
      });
    },
    { errorHandler: refuseTarget },
  );
  return listener as unknown as RequestListener;
}
