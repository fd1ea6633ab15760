import { AuthError } from '@gatehousejs/core';
import { toErrorResponse, type ErrorResponse } from './http-error.js';
import { assertPathEncoding } from './request-path.js';

/**
 * The answer to a request no route took: the same JSON 404 with or without a token, so an unknown
 * path never reveals whether a token was good. A path that is not validly percent-encoded could
 * name no route at all: it gets the 400 of `assertPathEncoding`, as it does on a route.
 *
 * @example
 * const { status, body } = routeNotFound(req.originalUrl); // 404, or 400 for `/%ZZ`
 */
export function routeNotFound(url = '/'): ErrorResponse {
  try {
    assertPathEncoding(url);
  } catch (error) {
    return toErrorResponse(error);
  }
  return toErrorResponse(new AuthError('ROUTE_NOT_FOUND'));
}
