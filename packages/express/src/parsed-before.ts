import { AuthError } from '@gatehousejs/core';
import { assertFormMediaType, assertJsonMediaType, bodyError, parseFormBody, parseJsonBody } from '@gatehousejs/http';
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
  const kept = keptBody(req, limitBytes);
  if (kept.raw !== undefined) return parseJsonBody(contentType, kept.raw);
  const declared = Number(headerValue(req, 'content-length') ?? Number.NaN);
  if (declared === 0) return undefined;
  assertJsonMediaType(contentType);
  const size = Number.isNaN(declared) ? Buffer.byteLength(JSON.stringify(kept.parsed)) : declared;
  if (size > limitBytes) throw bodyError('too-large');
  return kept.parsed;
}

/**
 * The same for a form (the form_post social callback): bytes or a string are parsed as if read
 * here; a value `express.urlencoded()` made (either `extended` setting) is taken back as parameters,
 * repeated ones kept (the callback refuses them); 415 unless declared a form, 413 over the limit, and
 * a nested parameter (`extended: true` builds `a[b]=c` into objects) is a 400.
 */
export function formParsedBefore(req: Request, limitBytes: number): URLSearchParams {
  const contentType = headerValue(req, 'content-type');
  const kept = keptBody(req, limitBytes);
  if (kept.raw !== undefined) return parseFormBody(contentType, kept.raw);
  if (Number(headerValue(req, 'content-length') ?? Number.NaN) === 0) return new URLSearchParams();
  assertFormMediaType(contentType);
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries(kept.parsed)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item !== 'string') throw new AuthError('VALIDATION_FAILED', `${name} is not a plain form parameter`);
      parameters.append(name, item);
    }
  }
  if (Buffer.byteLength(parameters.toString()) > limitBytes) throw bodyError('too-large');
  return parameters;
}

/**
 * What a parser before us kept in `req.body`: the bytes or text (`express.text()`, `express.raw()`),
 * 413 over the limit, or the value it parsed. Nothing kept throws `INVALID_CONFIG` naming the cause:
 * guessing would hand the route an empty body.
 */
function keptBody(req: Request, limitBytes: number): { raw: string | Uint8Array; parsed?: never } | { raw?: never; parsed: object } {
  const body: unknown = req.body;
  if (typeof body === 'string' || body instanceof Uint8Array) {
    if (Buffer.byteLength(body) > limitBytes) throw bodyError('too-large');
    return { raw: body };
  }
  if (body === undefined || body === null || typeof body !== 'object') {
    throw new AuthError(
      'INVALID_CONFIG',
      'The request body was read before Gatehouse, and req.body is empty: a middleware before the router ' +
        'consumed the stream without keeping the body. Mount body parsers after the Gatehouse routers, or use one that keeps it (express.json(), express.urlencoded()).',
    );
  }
  return { parsed: body };
}
