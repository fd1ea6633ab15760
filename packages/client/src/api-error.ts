import type { ErrorBody } from './api-types.js';

/**
 * What went wrong, in one closed set, read from the HTTP status of CONTRACT §2 (the error body
 * carries the status, a reason phrase and a sentence; the code is the status's meaning).
 */
export type ApiErrorCode =
  | 'NETWORK_ERROR'
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE'
  | 'SERVER_ERROR'
  | 'UNEXPECTED_STATUS';

const CODE_BY_STATUS: Readonly<Record<number, ApiErrorCode>> = {
  0: 'NETWORK_ERROR',
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

function codeFor(status: number): ApiErrorCode {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? 'SERVER_ERROR' : 'UNEXPECTED_STATUS');
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).message === 'string';
}

/**
 * The one error the client throws: the server refused the request (status and code, the server's
 * sentence and validation details), or it could not be reached (status 0, `NETWORK_ERROR`).
 *
 * @example
 * try {
 *   await client.login({ email, password });
 * } catch (error) {
 *   if (error instanceof GatehouseApiError && error.code === 'RATE_LIMITED') wait(error.retryAfterSeconds);
 * }
 */
export class GatehouseApiError extends Error {
  override readonly name = 'GatehouseApiError';
  readonly code: ApiErrorCode;
  /** Per-field validation messages of a 400, e.g. `[{ path: 'email', message: 'email is required' }]`. */
  readonly details: readonly { path: string; message: string }[];

  constructor(
    /** The HTTP status; 0 when no answer came. */
    readonly status: number,
    body: unknown,
    /** Seconds to wait before trying again (429, 503), from `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(isErrorBody(body) ? body.message : status === 0 ? 'The server could not be reached.' : `The request failed (HTTP ${status}).`);
    this.code = codeFor(status);
    this.details =
      isErrorBody(body) && Array.isArray(body.details)
        ? body.details.map((d) => ({ path: String(d.path), message: String(d.message) }))
        : [];
  }
}

export function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}
