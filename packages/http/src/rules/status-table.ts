import { ERROR_CATALOGUE, type AuthErrorCode } from '@gatehousejs/core';

/**
 * The HTTP status of every error code, read from core's `ERROR_CATALOGUE` (CONTRACT §2). A code
 * cannot exist there without its status, so this map is total by construction.
 */
export const STATUS_BY_CODE: { readonly [C in AuthErrorCode]: number } = Object.freeze(
  Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([code, entry]) => [code, entry.status])) as {
    [C in AuthErrorCode]: number;
  },
);

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
