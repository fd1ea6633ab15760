import { adapterKit as kit } from '@gatehousejs/http/adapter';
import type { Context } from 'hono';
import type { GetConnInfo } from 'hono/conninfo';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';

/** What @hono/node-server passes as `c.env`: Node's request, with its socket and headers. */
interface NodeBindings {
  incoming?: {
    socket?: { remoteAddress?: string | undefined };
    headers: Record<string, string | string[] | undefined>;
    rawHeaders: string[];
    readableEnded: boolean;
    resume(): unknown;
  };
}

/** What the web-standard `Request` does not carry: the peer off Node (`hono/bun`, …: `getConnInfo`), the app's request id. */
export interface ExchangeOptions {
  getConnInfo?: GetConnInfo | undefined;
  requestId?: ((c: Context) => string | undefined) | undefined;
}

const LOST =
  "The request body was read before Gatehouse, outside Hono's body cache (c.req.raw was read directly): " +
  'read it with c.req.json() / c.req.text() / c.req.arrayBuffer(), or after the Gatehouse routes.';

// A middleware before read the body through Hono (`c.req.json()`, …): it is in the cache, as a
// promise. Synchronous when nothing was read, as for nearly every request.
function readBefore(c: Context): kit.BodyReadBefore | Promise<kit.BodyReadBefore> | undefined {
  for (const _ in c.req.bodyCache) return c.req.arrayBuffer().then((buffer) => ({ raw: new Uint8Array(buffer) }));
  return c.req.raw.bodyUsed ? { lost: LOST } : undefined;
}

/** The kernel's `Exchange` for a Hono context; the body read stays in Hono's body cache for the handler's `c.req.json()`. */
export function honoExchange(c: Context, options: ExchangeOptions = {}): kit.Exchange<Response> {
  return new HonoExchange(c, options);
}

interface UrlParts {
  path: string;
  query: string;
}

// The path of an absolute URL, still percent-encoded, and its query without the `?`.
function splitUrl(url: string): UrlParts {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  const query = url.indexOf('?', start);
  return { path: url.slice(start, query < 0 ? undefined : query), query: query < 0 ? '' : url.slice(query + 1) };
}

// A class, so that what a request does not ask for (its path parameters, its peer, the split of its
// URL) is never worked out: a guarded GET reads the method, the path and one header.
class HonoExchange implements kit.Exchange<Response> {
  readonly #c: Context;
  readonly #options: ExchangeOptions;
  #target: UrlParts | undefined;

  constructor(c: Context, options: ExchangeOptions) {
    this.#c = c;
    this.#options = options;
  }

  get method(): string {
    return this.#c.req.method;
  }
  // Still percent-encoded (`c.req.path` is decoded), so the kernel can refuse a malformed escape.
  get path(): string {
    return (this.#target ??= splitUrl(this.#c.req.url)).path;
  }
  get query(): string {
    return (this.#target ??= splitUrl(this.#c.req.url)).query;
  }
  // On Node, from the raw list as the other adapters read it (repeats joined, as the Fetch API
  // does): the web-standard headers check again what Node's parser checked, at several times the cost.
  header(name: string): string | undefined {
    const incoming = this.#incoming();
    return incoming ? kit.readRawHeader(incoming.rawHeaders, name) : this.#c.req.header(name);
  }
  // Node's socket under @hono/node-server, else the runtime's `getConnInfo`.
  get peerAddress(): string | undefined {
    return this.#incoming()?.socket?.remoteAddress ?? this.#options.getConnInfo?.(this.#c).remote.address;
  }
  get params(): Record<string, string> {
    return this.#c.req.param() as Record<string, string>;
  }
  get requestId(): string | undefined {
    return this.#options.requestId?.(this.#c);
  }
  openBody(): ReturnType<kit.Exchange['openBody']> {
    // On Node, neither `Content-Length` nor `Transfer-Encoding` is no body (RFC 9112 §6.3): no web stream to build.
    const incoming = this.#incoming();
    if (incoming && !kit.declaresBody(incoming.headers as Parameters<typeof kit.declaresBody>[0])) return null;
    const reader = this.#c.req.raw.body?.getReader();
    return reader ? async () => (await reader.read()).value : null;
  }
  // Hono keeps promises in its body cache and converts from whichever key is there.
  keepBody(bytes: Uint8Array<ArrayBuffer>): void {
    this.#c.req.bodyCache.arrayBuffer = Promise.resolve(bytes.buffer) as unknown as ArrayBuffer;
  }
  bodyReadBefore(): kit.BodyReadBefore | Promise<kit.BodyReadBefore> | undefined {
    return readBefore(this.#c);
  }
  send(answer: kit.Answer): Response {
    // Nothing to read: the request ends now, rather than after @hono/node-server's timers and drain.
    const incoming = this.#incoming();
    if (incoming) kit.endEmptyBody(incoming);
    return sendAnswer(this.#c, answer);
  }
  #incoming(): NodeBindings['incoming'] {
    return (this.#c.env as NodeBindings | undefined)?.incoming;
  }
}

/** Answers with the kernel's `Answer` through `c.body`, keeping the headers middleware set. */
export function sendAnswer(c: Context, { status, headers, body, cookies }: kit.Answer): Response {
  // One Set-Cookie header each: a Record holds one value per name.
  for (const cookie of cookies ?? []) c.header('Set-Cookie', cookie, { append: true });
  return body === undefined ? c.body(null, status as StatusCode, headers) : c.body(body, status as ContentfulStatusCode, headers);
}
