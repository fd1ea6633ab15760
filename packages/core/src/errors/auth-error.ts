import { ERROR_CATALOGUE, type AuthErrorCode, type ErrorCatalogueEntry } from './error-catalogue.js';

export type { AuthErrorCode } from './error-catalogue.js';

/** One field that failed validation, with a path such as `email` or `roles.1`. */
export interface ValidationIssue {
  path: string;
  message: string;
}

export interface AuthErrorOptions {
  /** When trying again makes sense, in whole seconds; defaults to the catalogue's for the code. */
  retryAfterSeconds?: number;
  /** Headers to answer with, e.g. `Connection: close` when the rest of a body was not read. */
  headers?: Readonly<Record<string, string>>;
  /** Only for `REQUEST_REFUSED`: a framework's own 4xx status, kept as it is. */
  status?: number;
  /** What went wrong underneath (a driver's error): for the server log, never sent to a client. */
  cause?: unknown;
}

/**
 * The one error class of Gatehouse. Its `code` is a key of `ERROR_CATALOGUE`, which decides the
 * status and the default sentence; `message` is safe to show a client: it never contains a token,
 * a password or a full e-mail address. Give a message of your own only where it adds what the
 * catalogue cannot know (which field failed validation, which setting is wrong).
 *
 * @example
 * throw new AuthError('USER_NOT_FOUND'); // 404 "No user has this id."
 * try { await auth.login(body) } catch (e) { if (isAuthError(e) && e.code === 'INVALID_CREDENTIALS') … }
 */
export class AuthError extends Error {
  override readonly name: string = 'AuthError';
  readonly code: AuthErrorCode;
  readonly details: readonly ValidationIssue[] | undefined;
  /** For `RATE_LIMITED` and the dependency codes: when trying again makes sense, in whole seconds. */
  readonly retryAfterSeconds: number | undefined;
  readonly headers: Readonly<Record<string, string>>;
  /** The HTTP status of this error: the catalogue's, or a framework's 4xx for `REQUEST_REFUSED`. */
  readonly status: number;

  constructor(code: AuthErrorCode, message?: string, details?: readonly ValidationIssue[], options: AuthErrorOptions = {}) {
    const entry: ErrorCatalogueEntry = ERROR_CATALOGUE[code];
    super(message ?? entry.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = details;
    this.retryAfterSeconds = options.retryAfterSeconds ?? entry.retryAfterSeconds;
    this.headers = Object.freeze({ ...options.headers });
    const own = options.status;
    this.status = code === 'REQUEST_REFUSED' && own !== undefined && Number.isInteger(own) && own >= 400 && own <= 499 ? own : entry.status;
  }

  /** The dependency that is unavailable, for a 503 of the catalogue's dependency codes. */
  get dependency(): ErrorCatalogueEntry['dependency'] {
    return (ERROR_CATALOGUE[this.code] as ErrorCatalogueEntry).dependency;
  }
}

export function isAuthError(value: unknown): value is AuthError {
  return value instanceof AuthError;
}

/**
 * Whether `value` reports a dependency that is unavailable (database, rate-limit store, hasher,
 * mail server): such an error is answered 503 with `Retry-After` and logged as one line.
 *
 * @example
 * if (isUnavailable(error)) log.warn(`${error.dependency} unavailable`);
 */
export function isUnavailable(value: unknown): value is AuthError {
  return isAuthError(value) && value.dependency !== undefined;
}
