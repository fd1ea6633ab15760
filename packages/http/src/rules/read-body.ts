import { bodyError } from './body-errors.js';

/**
 * How much of a body over the limit is still read (and thrown away) before the 413, so the
 * connection stays usable for the next request. A larger body is refused without reading it and
 * the 413 says `Connection: close`: reading megabytes only to keep a connection costs more than a
 * new connection does. With a body limit above this, the limit is the bound instead.
 */
export const BODY_DRAIN_LIMIT_BYTES = 1024 * 1024;

/** The next chunk of a body, `undefined` at its end; rejects if the body cannot be read. */
export type NextBodyChunk = () => Promise<Uint8Array | undefined>;

/** A request body as `readBodyWithinLimit` reads it, whatever the runtime's stream type. */
export interface RequestBodySource {
  /** The `Content-Length` header as received, if any. */
  contentLength: string | null | undefined;
  /**
   * Starts reading; `null` when the request carries no body. Not called when the declared length
   * alone decides (0, or too large), so a runtime that streams lazily reads nothing of it.
   */
  open(): NextBodyChunk | null;
}

/**
 * Reads a request body into memory under the rules every adapter shares:
 *
 * - up to `limitBytes`: the bytes, counted as they arrive (a missing or lying `Content-Length` lets
 *   nothing larger through);
 * - over the limit but within `BODY_DRAIN_LIMIT_BYTES`: the rest is read and dropped, then 413, and
 *   the connection can carry the next request;
 * - beyond that (declared or counted): 413 at once, with `Connection: close`. Nothing more is
 *   read, and the stream is not cancelled either: on Node that would destroy the socket before the
 *   413 is written.
 *
 * @example
 * const reader = request.body?.getReader();
 * const bytes = await readBodyWithinLimit(
 *   { contentLength: request.headers.get('content-length'), open: () => reader ? async () => (await reader.read()).value : null },
 *   DEFAULT_BODY_LIMIT_BYTES,
 * );
 */
export async function readBodyWithinLimit(source: RequestBodySource, limitBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const readLimit = Math.max(limitBytes, BODY_DRAIN_LIMIT_BYTES);
  const declared = Number(source.contentLength ?? Number.NaN);
  if (declared > readLimit) throw bodyError('too-large-unread');
  // A POST without a body (fetch sends `Content-Length: 0`, e.g. for verify-token): nothing to read,
  // and opening the stream is not free (on @hono/node-server it builds the web Request and its stream).
  if (source.contentLength === '0') return new Uint8Array(0);
  const next = source.open();
  if (!next) return new Uint8Array(0);

  const kept: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: Uint8Array | undefined;
    try {
      chunk = await next();
    } catch {
      throw bodyError('unreadable');
    }
    if (chunk === undefined) break;
    size += chunk.byteLength;
    if (size > readLimit) throw bodyError('too-large-unread');
    if (size <= limitBytes) kept.push(chunk);
  }
  if (size > limitBytes) throw bodyError('too-large');

  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of kept) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
