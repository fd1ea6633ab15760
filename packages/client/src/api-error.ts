import type { ErrorBody } from './api-types.js';

/**
 * What kind of failure it was, in one closed set, read from the HTTP status of CONTRACT §2: for a
 * broad branch (show a login form on any `UNAUTHORIZED`). Branch on `code` for the exact reason.
 */
export type ApiErrorKind =
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

const CODE_BY_STATUS: Readonly<Record<number, ApiErrorKind>> = {
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

/**
 * The exact reason: the server's catalogue code from the error body (`TOKEN_EXPIRED`,
 * `INVALID_CREDENTIALS`, `RATE_LIMITED`, … — stable across versions, CONTRACT §9), `NETWORK_ERROR`
 * when no answer came, or `UNEXPECTED_RESPONSE` when the answer carried no code (a proxy's page).
 * A string rather than a closed union: a newer server may send a code this client does not know.
 */
export type ApiErrorCode = 'NETWORK_ERROR' | 'UNEXPECTED_RESPONSE' | (string & {});

function kindFor(status: number): ApiErrorKind {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? 'SERVER_ERROR' : 'UNEXPECTED_STATUS');
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).message === 'string';
}

function codeFor(status: number, body: unknown): ApiErrorCode {
  if (status === 0) return 'NETWORK_ERROR';
  const code = isErrorBody(body) ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(code) ? code : 'UNEXPECTED_RESPONSE';
}

/**
 * The one error the client throws: the server refused the request (status, the catalogue `code`,
 * the broad `kind`, the server's sentence and validation details), or it could not be reached
 * (status 0, `NETWORK_ERROR`).
 *
 * @example
 * try {
 *   await client.login({ email, password });
 * } catch (error) {
 *   if (error instanceof GatehouseApiError && error.code === 'RATE_LIMITED') wait(error.retryAfterSeconds);
 *   if (error instanceof GatehouseApiError && error.code === 'INVALID_CREDENTIALS') showWrongPassword();
 * }
 */
export class GatehouseApiError extends Error {
  override readonly name = 'GatehouseApiError';
  /** The server's catalogue code (`TOKEN_EXPIRED`, …), `NETWORK_ERROR` or `UNEXPECTED_RESPONSE`. */
  readonly code: ApiErrorCode;
  /** The status's meaning (`UNAUTHORIZED`, `CONFLICT`, …), for a broad branch. */
  readonly kind: ApiErrorKind;
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
    this.code = codeFor(status, body);
    this.kind = kindFor(status);
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
