/**
 * Every failure that core reports. The union is closed on purpose: each HTTP adapter maps it with an
 * exhaustive table, so adding a code without deciding its status fails the type check.
 */
export type AuthErrorCode =
  | 'VALIDATION_FAILED'
  | 'PASSWORD_MISMATCH'
  | 'EMAIL_TAKEN'
  | 'USERNAME_TAKEN'
  | 'INVALID_CREDENTIALS'
  | 'TOKEN_MISSING'
  | 'TOKEN_INVALID'
  | 'TOKEN_EXPIRED'
  | 'REFRESH_TOKEN_REUSED'
  | 'ONE_TIME_TOKEN_INVALID'
  | 'EMAIL_NOT_VERIFIED'
  | 'INSUFFICIENT_ROLE'
  | 'ROLE_GRANT_FORBIDDEN'
  | 'USER_NOT_FOUND'
  | 'RATE_LIMITED'
  | 'SERVICE_BUSY'
  | 'INVALID_CONFIG';

/** One field that failed validation, with a path such as `email` or `roles.1`. */
export interface ValidationIssue {
  path: string;
  message: string;
}

/**
 * The one error class of Gatehouse. `message` is a human sentence that is safe to show a client: it
 * never contains a token, a password or a full e-mail address.
 *
 * @example
 * try { await auth.login(body) } catch (e) { if (isAuthError(e) && e.code === 'INVALID_CREDENTIALS') … }
 */
export class AuthError extends Error {
  override readonly name = 'AuthError';
  readonly code: AuthErrorCode;
  readonly details: readonly ValidationIssue[] | undefined;
  /** For `RATE_LIMITED` and `SERVICE_BUSY`: when trying again makes sense, in whole seconds. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: AuthErrorCode,
    message: string,
    details?: readonly ValidationIssue[],
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.code = code;
    this.details = details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isAuthError(value: unknown): value is AuthError {
  return value instanceof AuthError;
}
