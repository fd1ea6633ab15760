import { HttpError } from './http-error.js';

/** CONTRACT §2: bodies over this many bytes are refused with 413. */
export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024;

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;

/** True for `application/json`, `application/merge-patch+json` and the like, with any parameters. */
export function isJsonContentType(contentType: string | undefined | null): boolean {
  const essence = (contentType ?? '').split(';')[0]!.trim();
  return JSON_MEDIA_TYPE.test(essence);
}

/**
 * The request-body rules every adapter shares: an empty body is `undefined` (validation then names
 * the missing fields); a non-empty body must be declared JSON (else 415) and parse (else 400).
 */
export function parseJsonBody(contentType: string | undefined | null, text: string): unknown {
  if (text.length === 0) return undefined;
  if (!isJsonContentType(contentType)) {
    throw new HttpError(415, 'The request body must be JSON (Content-Type: application/json).');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
}
