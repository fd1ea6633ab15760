import { bodyError } from './body-errors.js';
import { AuthError } from '@gatehousejs/core';

/** CONTRACT §2: bodies over this many bytes are refused with 413. */
export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024;

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;
const CHARSET_PARAMETER = /;\s*charset\s*=\s*"?([^";\s]*)"?/i;
const UTF_8 = /^utf-?8$/i;

/** True for `application/json`, `application/merge-patch+json` and the like, with any parameters. */
export function isJsonContentType(contentType: string | undefined | null): boolean {
  const essence = (contentType ?? '').split(';')[0]!.trim();
  return JSON_MEDIA_TYPE.test(essence);
}

/**
 * GET and HEAD requests carry no meaningful body (RFC 9110 §9.3.1): adapters do not read one, so a
 * stray body can neither be refused on one framework nor accepted on another.
 */
export function methodTakesBody(method: string): boolean {
  const upper = method.toUpperCase();
  return upper !== 'GET' && upper !== 'HEAD';
}

/**
 * Refuses a compressed body (415) before it is read: the 16 KiB limit is on what the server holds,
 * and an inflated body could be far larger than the bytes on the wire.
 */
export function assertIdentityEncoding(contentEncoding: string | undefined | null): void {
  const coding = (contentEncoding ?? '').trim().toLowerCase();
  if (coding !== '' && coding !== 'identity') throw bodyError('compressed');
}

/**
 * The media-type half of the body rules, for a body that is not empty: declared JSON (else 415), in
 * UTF-8 if a charset is named (else 415, RFC 8259 §8.1). `parseJsonBody` applies it; an adapter
 * given a body that a framework parser already parsed applies it alone.
 *
 * @example
 * assertJsonMediaType('application/x-www-form-urlencoded'); // throws the 415
 */
export function assertJsonMediaType(contentType: string | undefined | null): void {
  if (!isJsonContentType(contentType)) throw bodyError('not-json');
  const charset = CHARSET_PARAMETER.exec(contentType ?? '')?.[1];
  if (charset !== undefined && !UTF_8.test(charset)) throw bodyError('not-utf-8');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decode(body: string | Uint8Array): string {
  if (typeof body === 'string') return body;
  try {
    return utf8.decode(body);
  } catch {
    throw bodyError('malformed');
  }
}

/**
 * The request-body rules every adapter shares, given the body as read (text, or bytes that must be
 * UTF-8): an empty body is `undefined` (validation then names the missing fields); a non-empty body
 * must be declared JSON (else 415), in UTF-8 if a charset is named (else 415, RFC 8259 §8.1), and
 * parse (else 400). Duplicate keys follow `JSON.parse`: the last one wins.
 *
 * @example
 * parseJsonBody('application/json', '{"email":"a@b.c"}'); // { email: 'a@b.c' }
 */
export function parseJsonBody(contentType: string | undefined | null, body: string | Uint8Array): unknown {
  if (body.length === 0) return undefined;
  assertJsonMediaType(contentType);
  const text = decode(body);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw bodyError('malformed');
  }
}

const FORM_MEDIA_TYPE = /^application\/x-www-form-urlencoded$/i;

/**
 * A form body (`application/x-www-form-urlencoded`, UTF-8), as a provider's form_post callback sends
 * it. Empty: no parameters. Anything else: 415.
 *
 * @example
 * parseFormBody('application/x-www-form-urlencoded', 'state=abc&code=xyz').get('code'); // 'xyz'
 */
export function parseFormBody(contentType: string | undefined | null, body: string | Uint8Array): URLSearchParams {
  if (body.length === 0) return new URLSearchParams();
  assertFormMediaType(contentType);
  return new URLSearchParams(decode(body));
}

/**
 * Refuses a body not declared `application/x-www-form-urlencoded` (415 `BODY_NOT_FORM`) or declared
 * in a charset other than UTF-8; for adapters that get a form a parser before them already read.
 */
export function assertFormMediaType(contentType: string | undefined | null): void {
  const essence = (contentType ?? '').split(';')[0]!.trim();
  if (!FORM_MEDIA_TYPE.test(essence)) {
    throw new AuthError('BODY_NOT_FORM');
  }
  const charset = CHARSET_PARAMETER.exec(contentType ?? '')?.[1];
  if (charset !== undefined && !UTF_8.test(charset)) throw bodyError('not-utf-8');
}
