import type { IncomingMessage, ServerResponse } from 'node:http';
import { declaresBody } from '@gatehousejs/http';
import { readRawHeader, type BodyReadBefore, type Exchange } from '@gatehousejs/http/adapter';

/**
 * The platform's request as far as the exchange needs it: Node's message underneath (Express's
 * `req` is one; Fastify's `request.raw` is one), and what a parser of the platform kept from the
 * body: `rawBody` (Nest's `rawBody: true`) or the parsed `body`.
 */
export interface PlatformRequest {
  message: IncomingMessage;
  body?: unknown;
  rawBody?: unknown;
}

const LOST =
  'The request body was read before Gatehouse and nothing was kept: a middleware or parser of the app consumed the stream. ' +
  "Keep Nest's own parsers (or `rawBody: true`), or mount your parser after the GatehouseModule's routes.";

// What a parser before us kept: the bytes (`rawBody: true`) are taken under every rule, else the text
// or the value it parsed.
function readBefore({ body, rawBody }: PlatformRequest): BodyReadBefore {
  if (rawBody instanceof Uint8Array) return { raw: rawBody };
  if (typeof body === 'string' || body instanceof Uint8Array) return { raw: body };
  if (body !== null && typeof body === 'object') return { parsed: body };
  return { lost: LOST };
}

// A parser of the platform read the stream: Express's `json()` ends it; Fastify's parsers leave a
// value (or the raw bytes) without the stream always reporting its end.
const readByPlatform = (request: PlatformRequest): boolean =>
  request.message.readableEnded || request.rawBody !== undefined || (request.body !== undefined && request.body !== null);

/**
 * The kernel's `Exchange` for a request on either Nest platform: Node's message, with the path
 * given relative to where the routes are mounted. Headers are read from `rawHeaders` as the Fetch
 * API joins them; a request with neither `Content-Length` nor `Transfer-Encoding` has no body
 * (RFC 9112 §6.3); the answer is written on Node's response (`send`), or by `answer` when given.
 */
export function nodeExchange(
  request: PlatformRequest,
  path: string,
  query: string,
  answer: (status: number, headers: Record<string, string>, body: string | undefined, cookies?: readonly string[]) => void,
  requestId?: string,
): Exchange<void> {
  const { message } = request;
  return {
    method: message.method ?? 'GET',
    path,
    query,
    header: (name) => readRawHeader(message.rawHeaders, name),
    peerAddress: message.socket.remoteAddress,
    requestId,
    openBody: () => {
      if (!declaresBody(message.headers)) return null;
      // Never `return()`ed: that would destroy the request, and the socket with it, before a 413.
      const chunks = message[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
      return async () => {
        const chunk = await chunks.next();
        return chunk.done ? undefined : chunk.value;
      };
    },
    bodyReadBefore: () => (readByPlatform(request) ? readBefore(request) : undefined),
    send: ({ status, headers, body, cookies }) => answer(status, headers, body, cookies),
  };
}

/** Writes an answer on Node's response directly (no framework serialiser, no ETag). */
export function writeNodeAnswer(
  res: ServerResponse,
): (status: number, headers: Record<string, string>, body: string | undefined, cookies?: readonly string[]) => void {
  return (status, headers, body, cookies) => {
    res.statusCode = status;
    for (const name in headers) res.setHeader(name, headers[name]!);
    // Each cookie its own Set-Cookie header (cookie mode: the session cookies).
    if (cookies && cookies.length > 0) res.setHeader('Set-Cookie', [...cookies]);
    if (body === undefined) return void res.end();
    res.setHeader('Content-Length', Buffer.byteLength(body));
    res.end(body);
  };
}

/** The target split at its `?`: the path (still percent-encoded) and the query without its `?`. */
export function splitTarget(target: string): { path: string; query: string } {
  const at = target.indexOf('?');
  return at < 0 ? { path: target, query: '' } : { path: target.slice(0, at), query: target.slice(at + 1) };
}
