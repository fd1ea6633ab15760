import { AuthError, type AuthErrorCode } from '@gatehousejs/core';

/**
 * Every way a request body can be refused, whichever adapter read it. `too-large` is answered once
 * the whole body has been read, so the connection can carry the next request; `too-large-unread`
 * when the rest was left unread (see `readBodyWithinLimit`), so the connection has to close.
 */
export type BodyFailure = 'too-large' | 'too-large-unread' | 'compressed' | 'not-json' | 'not-utf-8' | 'malformed' | 'unreadable';

// One table, so both adapters answer a refused body with the same code (status and sentence from
// the catalogue) and headers.
const BODY_FAILURES: { readonly [F in BodyFailure]: { code: AuthErrorCode; headers?: Record<string, string> } } = Object.freeze({
  'too-large': { code: 'BODY_TOO_LARGE' },
  // The unread rest of the body is still on the wire: a client that reused the connection would
  // have its next request read as part of it. Node and other servers close after this answer.
  'too-large-unread': { code: 'BODY_TOO_LARGE', headers: { Connection: 'close' } },
  compressed: { code: 'BODY_COMPRESSED' },
  'not-json': { code: 'BODY_NOT_JSON' },
  'not-utf-8': { code: 'BODY_NOT_UTF8' },
  malformed: { code: 'BODY_MALFORMED' },
  unreadable: { code: 'BODY_UNREADABLE' },
});

/**
 * The error for a refused body. Adapters translate their framework's parser failures into one of
 * these reasons instead of inventing statuses or messages of their own.
 *
 * @example
 * if (size > limit) throw bodyError('too-large'); // 413
 */
export function bodyError(failure: BodyFailure): AuthError {
  const { code, headers } = BODY_FAILURES[failure];
  return new AuthError(code, undefined, undefined, { headers });
}
