import { isAuthError, type ValidationIssue } from '@gatehouse/core';
import { REASON_PHRASES, STATUS_BY_CODE } from './status-table.js';

/** A failure of the HTTP layer itself (malformed JSON, wrong media type, body too large, no route). */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    /** Sent with the error response, e.g. `Connection: close` when the rest of a body was not read. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** The one error body of CONTRACT §2. */
export interface ErrorBody {
  statusCode: number;
  message: string;
  error: string;
  details?: ValidationIssue[];
}

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  /** Extra headers, e.g. `WWW-Authenticate` on 401. */
  headers: Record<string, string>;
}

const GENERIC_500 = 'An unexpected error occurred.';

function body(status: number, message: string, details?: readonly ValidationIssue[]): ErrorBody {
  const out: ErrorBody = { statusCode: status, message, error: REASON_PHRASES[status] ?? 'Error' };
  if (details && details.length > 0) out.details = details.map((d) => ({ path: d.path, message: d.message }));
  return out;
}

/**
 * Turns anything thrown into the status, body and headers to send. Unknown errors become a generic
 * 500: their message may hold internals, so it only goes to `logUnexpected`, never to the client.
 */
export function toErrorResponse(error: unknown, logUnexpected: (error: unknown) => void = () => {}): ErrorResponse {
  if (isAuthError(error)) {
    const status = STATUS_BY_CODE[error.code];
    if (status === 500) {
      logUnexpected(error);
      return { status, body: body(status, GENERIC_500), headers: {} };
    }
    const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
    if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
    return { status, body: body(status, error.message, error.code === 'VALIDATION_FAILED' ? error.details : undefined), headers };
  }
  if (error instanceof HttpError && error.status < 500) {
    return { status: error.status, body: body(error.status, error.message), headers: { ...error.headers } };
  }
  logUnexpected(error);
  return { status: 500, body: body(500, GENERIC_500), headers: {} };
}
