import { expect } from 'vitest';
import type { ApiResponse } from './http-client.js';

// The answers the parity cases expect of every adapter, exactly.

// {"email":"<0xFF>"}: 0xFF never occurs in UTF-8.
export const NOT_UTF_8 = Uint8Array.from([...Buffer.from('{"email":"'), 0xff, ...Buffer.from('"}')]);
export const JSON_TYPE = 'application/json; charset=utf-8';
export const NOT_FOUND = { statusCode: 404, message: 'No route matches this request.', error: 'Not Found', code: 'ROUTE_NOT_FOUND' };
export const MALFORMED_AUTHORIZATION = {
  statusCode: 401,
  message: 'The Authorization header must be "Bearer <token>".',
  error: 'Unauthorized',
  code: 'AUTHORIZATION_MALFORMED',
};
export const MALFORMED_PATH = {
  statusCode: 400,
  message: 'The request path is not validly percent-encoded.',
  error: 'Bad Request',
  code: 'PATH_MALFORMED',
};

/** An error answer as every adapter must send it: exact body, JSON type, the security headers under /api. */
export function expectError(
  res: Pick<ApiResponse, 'status' | 'headers' | 'body'>,
  body: { statusCode: number; message?: unknown; error: string; code: unknown; details?: unknown },
) {
  expect(res.status).toBe(body.statusCode);
  expect(res.body).toEqual({ message: expect.any(String), ...body });
  expect(res.headers.get('content-type')).toBe(JSON_TYPE);
  expect(res.headers.get('x-powered-by')).toBeNull();
}
