import { ERROR_CATALOGUE, isAuthError, type AuthError, type AuthErrorCode, type ValidationIssue } from '@gatehousejs/core';
import { REASON_PHRASES } from './status-table.js';

/** The one error body of CONTRACT §2 and §9: `code` is the catalogue code, stable across versions. */
export interface ErrorBody {
  statusCode: number;
  message: string;
  error: string;
  /** The catalogue code (`TOKEN_EXPIRED`, `BODY_TOO_LARGE`, …): clients branch on it, never on `message`. */
  code: AuthErrorCode;
  details?: ValidationIssue[];
}

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  /** Extra headers, e.g. `WWW-Authenticate` on 401, `Retry-After` on 429 and 503. */
  headers: Record<string, string>;
}

/**
 * Where an adapter's error handler reports what it answered with a 5xx. A plain function gets
 * every one; an object tells bugs (`unexpected`, with the stack) from dependencies that are
 * unavailable (`unavailable`, one line: the error's `dependency` and its `cause`).
 */
export type ErrorLog = ((error: unknown) => void) | { unexpected(error: unknown): void; unavailable?(error: AuthError): void };

const GENERIC_500 = ERROR_CATALOGUE.INTERNAL_ERROR.message;

function body(status: number, code: AuthErrorCode, message: string, details?: readonly ValidationIssue[]): ErrorBody {
  const out: ErrorBody = { statusCode: status, message, error: REASON_PHRASES[status] ?? 'Error', code };
  if (details && details.length > 0) out.details = details.map((d) => ({ path: d.path, message: d.message }));
  return out;
}

function report(log: ErrorLog, error: unknown, unavailable: AuthError | undefined): void {
  if (typeof log === 'function') return log(error);
  if (unavailable && log.unavailable) return log.unavailable(unavailable);
  log.unexpected(error);
}

/**
 * Turns anything thrown into the status, body and headers to send, by the catalogue of the error's
 * code. A dependency that is unavailable answers 503 with `Retry-After`. Anything that is not an
 * `AuthError`, and every 500, becomes the generic 500: its message may hold internals, so it only
 * goes to the log, never to the client.
 *
 * @example
 * const { status, body, headers } = toErrorResponse(error, { unexpected: (e) => log.error(e) });
 */
export function toErrorResponse(error: unknown, log: ErrorLog = () => {}): ErrorResponse {
  if (!isAuthError(error) || (error.status >= 500 && error.dependency === undefined)) {
    report(log, error, undefined);
    return { status: 500, body: body(500, 'INTERNAL_ERROR', GENERIC_500), headers: {} };
  }
  const { status } = error;
  // The catalogue's sentence for a dependency: what failed underneath is for the log only.
  const message = error.dependency === undefined ? error.message : ERROR_CATALOGUE[error.code].message;
  if (error.dependency !== undefined) report(log, error, error);
  const headers: Record<string, string> = { ...error.headers };
  if (status === 401) headers['WWW-Authenticate'] = 'Bearer';
  if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
  return { status, body: body(status, error.code, message, error.code === 'VALIDATION_FAILED' ? error.details : undefined), headers };
}
