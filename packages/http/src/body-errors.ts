import { HttpError } from './http-error.js';

/** Every way a request body can be refused, whichever adapter read it. */
export type BodyFailure = 'too-large' | 'compressed' | 'not-json' | 'not-utf-8' | 'malformed' | 'unreadable';

// One table, so both adapters answer a refused body with the same status and the same sentence.
const BODY_FAILURES: { readonly [F in BodyFailure]: { status: number; message: string } } = Object.freeze({
  'too-large': { status: 413, message: 'The request body is too large.' },
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
  const { status, message } = BODY_FAILURES[failure];
  return new HttpError(status, message);
}
