import { declaresBody } from '@gatehousejs/http';
import { readRawHeader, type Exchange } from '@gatehousejs/http/adapter';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The kernel's `Exchange` for a Fastify request: a translation, nothing more. Headers are read
 * from `rawHeaders` as the Fetch API joins them (Node keeps only the first of two `Authorization`
 * headers; two are one malformed credential); the body is the stream the library routes' parser
 * left untouched (after the app's `preParsing` hooks), and a request with neither `Content-Length`
 * nor `Transfer-Encoding` has none (RFC 9112 §6.3).
 */
export function fastifyExchange(request: FastifyRequest, reply: FastifyReply, requestId?: string): Exchange<FastifyReply> {
  const url = request.url;
  const query = url.indexOf('?');
  return {
    method: request.method,
    path: query < 0 ? url : url.slice(0, query),
    query: query < 0 ? '' : url.slice(query + 1),
    header: (name) => readRawHeader(request.raw.rawHeaders, name),
    peerAddress: request.socket.remoteAddress,
    params: request.params as Record<string, string>,
    requestId,
    openBody: () => {
      const stream = request.body as AsyncIterable<Uint8Array> | undefined;
      if (!declaresBody(request.headers) || typeof stream?.[Symbol.asyncIterator] !== 'function') return null;
      // Never `return()`ed: that would destroy the request, and the socket with it, before a 413.
      const chunks = stream[Symbol.asyncIterator]();
      return async () => {
        const chunk = await chunks.next();
        return chunk.done ? undefined : chunk.value;
      };
    },
    send: ({ status, headers, body, cookies }) => {
      reply.code(status).headers(headers);
      // Each cookie its own Set-Cookie header (cookie mode: the session cookies).
      if (cookies && cookies.length > 0) reply.header('Set-Cookie', [...cookies]);
      return reply.send(body);
    },
  };
}
