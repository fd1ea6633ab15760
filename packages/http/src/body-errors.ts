import { HttpError } from './http-error.js';

/**
 * Every way a request body can be refused, whichever adapter read it. `too-large` is answered once
 * the whole body has been read, so the connection can carry the next request; `too-large-unread`
 * when the rest was left unread (see `readBodyWithinLimit`), so the connection has to close.
 */
export type BodyFailure = 'too-large' | 'too-large-unread' | 'compressed' | 'not-json' | 'not-utf-8' | 'malformed' | 'unreadable';

const TOO_LARGE = 'The request body is too large.';

// One table, so both adapters answer a refused body with the same status, sentence and headers.
const BODY_FAILURES: { readonly [F in BodyFailure]: { status: number; message: string; headers?: Record<string, string> } } = Object.freeze({
  'too-large': { status: 413, message: TOO_LARGE },
  // The unread rest of the body is still on the wire: a client that reused the connection would
  // have its next request read as part of it. Node and other servers close after this answer.
  'too-large-unread': { status: 413, message: TOO_LARGE, headers: { Connection: 'close' } },
  compressed: { status: 415, message: 'Compressed request bodies are not supported (Content-Encoding).' },
  'not-json': { status: 415, message: 'The request body must be JSON (Content-Type: application/json).' },
  'not-utf-8': { status: 415, message: 'The request body must be UTF-8 encoded JSON.' },
  malformed: { status: 400, message: 'The request body is not valid JSON.' },
  unreadable: { status: 400, message: 'The request body could not be read.' },
});

/**
 * The error for a refused body. Adapters translate their framework's parser failures into one of
 * these reasons instead of inventing statuses or messages of their own.
 *
 * @example
 * if (size > limit) throw bodyError('too-large'); // 413
 */
export function bodyError(failure: BodyFailure): HttpError {
  const { status, message, headers } = BODY_FAILURES[failure];
  return new HttpError(status, message, headers);
}
