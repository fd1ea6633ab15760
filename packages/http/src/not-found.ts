import { HttpError, toErrorResponse, type ErrorResponse } from './http-error.js';

/**
 * The answer to a request no route took: the same JSON 404 with or without a token, so an unknown
 * path never reveals whether a token was good.
 */
export function routeNotFound(): ErrorResponse {
  return toErrorResponse(new HttpError(404, 'No route matches this request.'));
}
