import type { AuthErrorCode } from '@gatehouse/core';

/**
 * The HTTP status of every core error code (CONTRACT §2). Typed as a total map, so adding a code to
 * core without deciding its status here fails the type check.
 */
export const STATUS_BY_CODE: { readonly [C in AuthErrorCode]: number } = Object.freeze({
  VALIDATION_FAILED: 400,
  PASSWORD_MISMATCH: 400,
  ONE_TIME_TOKEN_INVALID: 400,
  INVALID_CONFIG: 500,
  INVALID_CREDENTIALS: 401,
  TOKEN_MISSING: 401,
  TOKEN_INVALID: 401,
  TOKEN_EXPIRED: 401,
  REFRESH_TOKEN_REUSED: 401,
  EMAIL_NOT_VERIFIED: 403,
  INSUFFICIENT_ROLE: 403,
  ROLE_GRANT_FORBIDDEN: 403,
  USER_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  USERNAME_TAKEN: 409,
  RATE_LIMITED: 429,
  SERVICE_BUSY: 503,
});

/** Reason phrases for the `error` field of error bodies. */
export const REASON_PHRASES: Readonly<Record<number, string>> = Object.freeze({
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  422: 'Unprocessable Content',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
});
