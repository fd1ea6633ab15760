import { adapterKit as kit } from '@gatehousejs/http/adapter';
import type { Request, Response } from 'express';

const LOST =
  'The request body was read before Gatehouse, and req.body is empty: a middleware before the router consumed the stream ' +
  'without keeping the body. Mount body parsers after the Gatehouse routers, or use one that keeps it (express.json(), express.urlencoded()).';

// What a parser before us (`express.json()`, `text()`, `raw()`, `urlencoded()`) kept in `req.body`.
function readBefore(body: unknown): kit.BodyReadBefore {
  if (typeof body === 'string' || body instanceof Uint8Array) return { raw: body };
  if (body !== null && typeof body === 'object') return { parsed: body };
  return { lost: LOST };
}

/**
 * The kernel's `Exchange` for an Express request. Headers come from `rawHeaders`, joined as the
 * Fetch API joins them (two `Authorization` headers are one malformed credential).
 */
export function expressExchange(req: Request, res: Response, requestId?: string): kit.Exchange<void> {
  return new ExpressExchange(req, res, requestId);
}

// A class, so that what a request does not ask for (its query, parameters and peer) is never read:
// a guarded GET reads the method, the path and one header.
class ExpressExchange implements kit.Exchange<void> {
  readonly #req: Request;
  readonly #res: Response;
  readonly requestId: string | undefined;

  constructor(req: Request, res: Response, requestId: string | undefined) {
    this.#req = req;
    this.#res = res;
    this.requestId = requestId;
  }

  get method(): string {
    return this.#req.method;
  }
  get path(): string {
    return this.#req.path;
  }
  get query(): string {
    const url = this.#req.originalUrl;
    const query = url.indexOf('?');
    return query < 0 ? '' : url.slice(query + 1);
  }
  header(name: string): string | undefined {
    return kit.readRawHeader(this.#req.rawHeaders, name);
  }
  get peerAddress(): string | undefined {
    return this.#req.socket.remoteAddress;
  }
  get params(): Record<string, string> {
    return this.#req.params as Record<string, string>;
  }
  openBody(): ReturnType<kit.Exchange['openBody']> {
    const req = this.#req;
    // Neither `Content-Length` nor `Transfer-Encoding`: no body (RFC 9112 §6.3).
    if (!kit.declaresBody(req.headers)) return null;
    // Never `return()`ed: that would destroy the request, and the socket with it, before a 413.
    const chunks = req[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
    return async () => {
      const chunk = await chunks.next();
      return chunk.done ? undefined : chunk.value;
    };
  }
  bodyReadBefore(): kit.BodyReadBefore | undefined {
    return this.#req.readableEnded ? readBefore(this.#req.body) : undefined;
  }
  send(answer: kit.Answer): void {
    writeAnswer(this.#res, answer);
  }
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
