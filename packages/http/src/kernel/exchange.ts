import type { NextBodyChunk } from '../rules/read-body.js';

/**
 * A body that a framework's own parser read before the kernel saw the request (an app's
 * `express.json()`, Hono's body cache): the bytes or text it kept, the value it parsed, or `lost`
 * when the stream was read and nothing kept (the sentence says which setup mistake, for the log).
 */
export type BodyReadBefore = { raw: string | Uint8Array } | { parsed: unknown } | { lost: string };

/** What the kernel writes: the status, the headers, and the body already serialised (none for 204 or HEAD). */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string | undefined;
  /** `Set-Cookie` values, each written as a header of its own (a `Record` holds one per name). */
  cookies?: readonly string[] | undefined;
}

/**
 * The exchange port: one request and the way to answer it, as an adapter translates its
 * framework's request and response. It is all the kernel knows of a framework; nothing in it is
 * Express, Hono, Fastify or Node. An adapter implements it once per request (a plain object is
 * enough), hands it to `kernel.dispatch` or `kernel.serve`, and returns what `send` returned.
 *
 * `R` is what answering gives back: `void` where the framework writes to a response object
 * (Express, Fastify's `reply`, Node), a `Response` where the handler must return one (Hono, fetch).
 *
 * @example
 * const exchange: Exchange<Response> = {
 *   method: request.method,
 *   path: url.pathname.slice('/api/v1/auth'.length),
 *   query: url.search.slice(1),
 *   header: (name) => request.headers.get(name) ?? undefined,
 *   peerAddress: undefined, // a fetch handler behind a proxy: say so with `trustProxy`
 *   openBody: () => {
 *     const reader = request.body?.getReader();
 *     return reader ? async () => (await reader.read()).value : null;
 *   },
 *   send: ({ status, headers, body }) => new Response(body ?? null, { status, headers }),
 * };
 */
export interface Exchange<R = void> {
  /** The request method in upper case: `GET`, `POST`, … */
  readonly method: string;
  /** The path relative to where the routes are mounted, still percent-encoded, without the query: `/login`. */
  readonly path: string;
  /** The query string without its `?`; `''` when there is none. */
  readonly query: string;
  /** A request header by lower-case name; `undefined` when absent. Repeated headers joined with `, `. */
  header(name: string): string | undefined;
  /**
   * The TCP peer's address (`203.0.113.9`, `::1`); `undefined` where the runtime does not tell.
   * The kernel reads `X-Forwarded-For` through it only as far as the trusted proxies go.
   */
  readonly peerAddress: string | undefined;
  /**
   * The path parameters, decoded, when the framework routed the request itself (`{ id: 'u1' }`).
   * Leave it out when the kernel's dispatcher matches the path (`kernel.dispatch`).
   */
  readonly params?: Readonly<Record<string, string>>;
  /**
   * Starts reading the body: a reader of its next chunk (`undefined` at the end), or `null` when the
   * request has none. Called at most once, and only when a route needs the body and the declared
   * length allows it, so a runtime that streams lazily reads nothing it does not have to. An
   * adapter on HTTP/1.1 answers `null` when the request has neither `Content-Length` nor
   * `Transfer-Encoding` (RFC 9112 §6.3: no body), without building a stream to find that out.
   */
  openBody(): NextBodyChunk | null;
  /**
   * A body a parser of the app read before the kernel (see `BodyReadBefore`); `undefined` when the
   * stream is untouched. A promise where the framework keeps it as one (Hono's body cache).
   */
  bodyReadBefore?(): BodyReadBefore | undefined | Promise<BodyReadBefore | undefined>;
  /**
   * Receives the body the kernel read, whole and within the limit, for a framework that keeps it
   * for the route's own reading (Hono's body cache: `c.req.json()` still works after).
   */
  keepBody?(bytes: Uint8Array<ArrayBuffer>): void;
  /** The app's id for this request (its `X-Request-Id`), passed to core for the audit events. */
  readonly requestId?: string | undefined;
  /** Writes the answer. JSON arrives serialised, with its `Content-Type`. */
  send(answer: Answer): R;
}
