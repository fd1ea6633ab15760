import { declaresBody } from '@gatehousejs/http';
import { readRawHeader, type Answer, type Exchange } from '@gatehousejs/http/adapter';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The kernel's `Exchange` for a Fastify request: a translation, nothing more. Headers are read
 * from `rawHeaders` as the Fetch API joins them (Node keeps only the first of two `Authorization`
 * headers; two are one malformed credential); the body is the stream the library routes' parser
 * left untouched (after the app's `preParsing` hooks), and a request with neither `Content-Length`
 * nor `Transfer-Encoding` has none (RFC 9112 §6.3).
 */
export function fastifyExchange(request: FastifyRequest, reply: FastifyReply, requestId?: string): Exchange<FastifyReply> {
  return new FastifyExchange(request, reply, requestId);
}

// A class, so that what a request does not ask for (its query, parameters and peer) is never read:
// the guard reads the method, the path and one header.
class FastifyExchange implements Exchange<FastifyReply> {
  readonly #request: FastifyRequest;
  readonly #reply: FastifyReply;
  readonly requestId: string | undefined;

  constructor(request: FastifyRequest, reply: FastifyReply, requestId: string | undefined) {
    this.#request = request;
    this.#reply = reply;
    this.requestId = requestId;
  }

  get method(): string {
    return this.#request.method;
  }
  get path(): string {
    const url = this.#request.url;
    const query = url.indexOf('?');
    return query < 0 ? url : url.slice(0, query);
  }
  get query(): string {
    const url = this.#request.url;
    const query = url.indexOf('?');
    return query < 0 ? '' : url.slice(query + 1);
  }
  header(name: string): string | undefined {
    return readRawHeader(this.#request.raw.rawHeaders, name);
  }
  get peerAddress(): string | undefined {
    return this.#request.socket.remoteAddress;
  }
  get params(): Record<string, string> {
    return this.#request.params as Record<string, string>;
  }
  openBody(): ReturnType<Exchange['openBody']> {
    const stream = this.#request.body as AsyncIterable<Uint8Array> | undefined;
    if (!declaresBody(this.#request.headers) || typeof stream?.[Symbol.asyncIterator] !== 'function') return null;
    // Never `return()`ed: that would destroy the request, and the socket with it, before a 413.
    const chunks = stream[Symbol.asyncIterator]();
    return async () => {
      const chunk = await chunks.next();
      return chunk.done ? undefined : chunk.value;
    };
  }
  send({ status, headers, body, cookies }: Answer): FastifyReply {
    const reply = this.#reply.code(status).headers(headers);
    // Each cookie its own Set-Cookie header (cookie mode: the session cookies).
    if (cookies && cookies.length > 0) reply.header('Set-Cookie', [...cookies]);
    return reply.send(body);
  }
}
