import { AuthError } from '@gatehousejs/core';
import { bodyError } from '../rules/body-errors.js';
import {
  assertFormMediaType,
  assertIdentityEncoding,
  assertJsonMediaType,
  methodTakesBody,
  parseFormBody,
  parseJsonBody,
} from '../rules/json-body.js';
import { readBodyWithinLimit, type NextBodyChunk } from '../rules/read-body.js';
import type { BodyReadBefore, Exchange } from './exchange.js';

/** How a route reads its body: the JSON rules, or a form (a form_post callback). */
export type BodyKind = 'json' | 'form';

/**
 * The body under the rules every adapter shares, read through the exchange: nothing for GET and
 * HEAD; 415 for a compressed body; 413 over `limitBytes` (counted, whatever `Content-Length` says);
 * then the JSON rules (415 not JSON or not UTF-8, 400 malformed, `undefined` when empty) or the form
 * rules. A body an app's parser read before is taken under the same rules (`fromReadBefore`).
 *
 * A promise only when there is something to wait for: a request without a body (no length declared
 * and nothing to read, or `Content-Length: 0`) is answered at once, as verify-token's nearly always
 * is, and a microtask per request is not free. A rule that fails throws; the callers are async.
 */
export function readRequestBody(exchange: Exchange<unknown>, kind: BodyKind, limitBytes: number): unknown {
  if (!methodTakesBody(exchange.method)) return undefined;
  assertIdentityEncoding(exchange.header('content-encoding'));
  const contentLength = exchange.header('content-length');
  // Declared empty (fetch's POST without a body): no body, whatever was read before or the type says.
  if (contentLength === '0') return parseBody(kind, undefined, NO_BYTES);
  const before = exchange.bodyReadBefore?.();
  if (before instanceof Promise) {
    return before.then((read) =>
      read ? fromReadBefore(read, kind, exchange, limitBytes) : readBody(exchange, kind, limitBytes, contentLength),
    );
  }
  return before ? fromReadBefore(before, kind, exchange, limitBytes) : readBody(exchange, kind, limitBytes, contentLength);
}

const NO_BYTES = new Uint8Array(0);

const parseBody = (kind: BodyKind, contentType: string | undefined, bytes: Uint8Array): unknown =>
  kind === 'json' ? parseJsonBody(contentType, bytes) : parseFormBody(contentType, bytes);

// The body from the exchange's stream. Without a declared length the stream is opened at once: a
// request that has none (RFC 9112 §6.3, `curl -X POST`) is then answered without a promise.
function readBody(exchange: Exchange<unknown>, kind: BodyKind, limitBytes: number, contentLength: string | undefined): unknown {
  const contentType = exchange.header('content-type');
  const openedNow = contentLength === undefined ? exchange.openBody() : undefined;
  if (openedNow === null) return parseBody(kind, contentType, NO_BYTES);
  let opened = openedNow !== undefined;
  const open = (): NextBodyChunk | null => {
    const next = exchange.openBody();
    opened = next !== null;
    return next;
  };
  return readBodyWithinLimit({ contentLength, open: openedNow ? () => openedNow : open }, limitBytes).then((bytes) => {
    // Only a stream the kernel read needs keeping: one never opened is still there for the route.
    if (opened) exchange.keepBody?.(bytes);
    return parseBody(kind, contentType, bytes);
  });
}

/**
 * A body a parser before the kernel read, under the rules as far as they can be told afterwards:
 * bytes or text are parsed as if read here (413 over the limit); a parsed value is taken only if
 * the request was declared JSON in UTF-8 (or a form, for a form route), 413 when its declared
 * length (or the value written back) is over the limit; a declared length of 0 is no body (body
 * parsers make it `{}`). A lost body is a setup mistake: `INVALID_CONFIG`, a 500 with the cause in
 * the server log, rather than handing the route an empty body.
 */
function fromReadBefore(before: BodyReadBefore, kind: BodyKind, exchange: Exchange<unknown>, limitBytes: number): unknown {
  const contentType = exchange.header('content-type');
  if ('lost' in before) throw new AuthError('INVALID_CONFIG', before.lost);
  if ('raw' in before) {
    if (byteLength(before.raw) > limitBytes) throw bodyError('too-large');
    return kind === 'json' ? parseJsonBody(contentType, before.raw) : parseFormBody(contentType, before.raw);
  }
  const declared = Number(exchange.header('content-length') ?? Number.NaN);
  if (kind === 'form') return formFromParsed(before.parsed, declared, contentType, limitBytes);
  if (declared === 0) return undefined;
  assertJsonMediaType(contentType);
  const size = Number.isNaN(declared) ? byteLength(JSON.stringify(before.parsed) ?? '') : declared;
  if (size > limitBytes) throw bodyError('too-large');
  return before.parsed;
}

// `express.urlencoded()` (either `extended` setting) made an object: back to parameters, repeated
// ones kept (the callback refuses them); a nested parameter (`a[b]=c`) is a 400.
function formFromParsed(parsed: unknown, declared: number, contentType: string | undefined, limitBytes: number): URLSearchParams {
  if (declared === 0) return new URLSearchParams();
  assertFormMediaType(contentType);
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries((parsed ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item !== 'string') throw new AuthError('VALIDATION_FAILED', `${name} is not a plain form parameter`);
      parameters.append(name, item);
    }
  }
  if (byteLength(parameters.toString()) > limitBytes) throw bodyError('too-large');
  return parameters;
}

const encoder = new TextEncoder();
const byteLength = (body: string | Uint8Array): number => (typeof body === 'string' ? encoder.encode(body).byteLength : body.byteLength);

/**
 * Whether a request has a body at all. In HTTP/1.1 only with `Content-Length` or
 * `Transfer-Encoding` (RFC 9112 §6.3): a Node-based adapter answers `openBody()` with `null`
 * otherwise, without building a stream to find out (`curl -X POST` sends neither). HTTP/2 frames
 * its body without either header (RFC 9113 §8.1): a request with the `:method` pseudo-header, as
 * Node's HTTP/2 compatibility API gives it, may always have one.
 *
 * @example
 * openBody: () => (declaresBody(req.headers) ? reader(req) : null)
 */
export function declaresBody(headers: {
  'content-length'?: string | undefined;
  'transfer-encoding'?: string | undefined;
  ':method'?: unknown;
}): boolean {
  return headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined || headers[':method'] !== undefined;
}

/** Node's request (`IncomingMessage`, or HTTP/2's compatibility request) as far as `endEmptyBody` reads it. */
export interface NodeRequestStream {
  headers: { 'content-length'?: string | undefined; 'transfer-encoding'?: string | undefined; ':method'?: unknown };
  readableEnded: boolean;
  resume(): unknown;
}

/**
 * Lets a request with nothing to read (no body declared, or `Content-Length: 0`) end now, for a
 * server on @hono/node-server: for every request but GET and HEAD whose body no one read, it
 * schedules two timers and then a drain once the answer is written, nearly as much work as the
 * rest of a verify-token. A body there is stays unread, for its bounded drain.
 *
 * @example
 * getRequestListener((request, { incoming }) => { endEmptyBody(incoming); return handler(request); });
 */
export function endEmptyBody(incoming: NodeRequestStream): void {
  if (incoming.readableEnded) return;
  if (incoming.headers['content-length'] === '0' || !declaresBody(incoming.headers)) incoming.resume();
}
