import { adapterKit as kit } from '@gatehousejs/http/adapter';
import type { Request, Response } from 'express';

const LOST =
  'The request body was read before Gatehouse, and req.body is empty: a middleware before the router consumed the stream ' +
  'without keeping the body. Mount body parsers after the Gatehouse routers, or use one that keeps it (express.json(), express.urlencoded()).';

// What a parser before us (`express.json()`, `text()`, `raw()`, `urlencoded()`) kept in `req.body`.
function readBefore(body: unknown) {
  if (typeof body === 'string' || body instanceof Uint8Array) return { raw: body };
  if (body !== null && typeof body === 'object') return { parsed: body };
  return { lost: LOST };
}

/**
 * The kernel's `Exchange` for an Express request. Headers come from `rawHeaders`, joined as the
 * Fetch API joins them (two `Authorization` headers are one malformed credential).
 */
export function expressExchange(req: Request, res: Response, requestId?: string): kit.Exchange<void> {
  const url = req.originalUrl;
  const query = url.indexOf('?');
  return {
    method: req.method,
    path: req.path,
    query: query < 0 ? '' : url.slice(query + 1),
    header: (name) => kit.readRawHeader(req.rawHeaders, name),
    peerAddress: req.socket.remoteAddress,
    params: req.params as Record<string, string>,
    requestId,
    openBody: () => {
      // Neither `Content-Length` nor `Transfer-Encoding`: no body (RFC 9112 §6.3).
      if (!kit.declaresBody(req.headers)) return null;
      // Never `return()`ed: that would destroy the request, and the socket with it, before a 413.
      const chunks = req[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
      return async () => {
        const chunk = await chunks.next();
        return chunk.done ? undefined : chunk.value;
      };
    },
    bodyReadBefore: () => (req.readableEnded ? readBefore(req.body) : undefined),
    send: (answer) => writeAnswer(res, answer),
  };
}

/** Writes the kernel's answer on Node's response directly, without `res.json()`'s ETag. */
export function writeAnswer(res: Response, { status, headers, body, cookies }: kit.Answer): void {
  res.statusCode = status;
  for (const name in headers) res.setHeader(name, headers[name]!);
  if (cookies) res.setHeader('Set-Cookie', [...cookies]);
  if (body === undefined) return void res.end();
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}
