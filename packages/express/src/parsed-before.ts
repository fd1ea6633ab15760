import { AuthError } from '@gatehousejs/core';
import { assertJsonMediaType, bodyError, parseJsonBody } from '@gatehousejs/http';
import type { Request } from 'express';
import { headerValue } from './header-value.js';

/**
 * The body of a request whose stream a parser mounted before Gatehouse already read (an app's
 * `app.use(express.json())` is the common case), under the shared rules as far as they can be told
 * afterwards:
 *
 * - a string or bytes (`express.text()`, `express.raw()`): parsed by `parseJsonBody` as if read
 *   here, 413 over the limit;
 * - a parsed value (`express.json()`, `express.urlencoded()`): 415 unless the request was declared
 *   JSON in UTF-8 (so a form body is refused as it is without the parser), 413 when the declared
 *   length, or without one the value written back as JSON, is over the limit; a declared length of
 *   0 is no body (body-parser makes it `{}`);
 * - nothing (`req.body` undefined although the stream was read): the body is gone, and guessing
 *   would hand the route an empty one, so this throws `INVALID_CONFIG` (a 500, logged on the server)
 *   naming the cause.
 *
 * A compressed body was refused before (415), whoever inflated it. Malformed JSON and body-parser's
 * own limit are body-parser's errors, which `errorHandler()` answers as the shared ones.
 */
export function parsedBefore(req: Request, limitBytes: number): unknown {
  const contentType = headerValue(req, 'content-type');
  const parsed: unknown = req.body;
  if (typeof parsed === 'string' || parsed instanceof Uint8Array) {
    if (Buffer.byteLength(parsed) > limitBytes) throw bodyError('too-large');
    return parseJsonBody(contentType, parsed);
  }
  if (parsed === undefined) {
    throw new AuthError(
      'INVALID_CONFIG',
      'The request body was read before Gatehouse, and req.body is empty: a middleware before the router ' +
        'consumed the stream without keeping the body. Mount body parsers after the Gatehouse routers, or use express.json().',
    );
  }
  const declared = Number(headerValue(req, 'content-length') ?? Number.NaN);
  if (declared === 0) return undefined;
  assertJsonMediaType(contentType);
  const size = Number.isNaN(declared) ? Buffer.byteLength(JSON.stringify(parsed)) : declared;
  if (size > limitBytes) throw bodyError('too-large');
  return parsed;
}
