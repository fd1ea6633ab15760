import { AuthError, isAuthError } from '@gatehousejs/core';
import { bodyError, pathEncodingError, routeNotFound, type BodyFailure } from '@gatehousejs/http/adapter';
import { toErrorResponse, type ErrorLog } from '@gatehousejs/http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

// Fastify's own refusals of a body (its parsers, on the app's routes), as the shared body failures.
const PARSER_FAILURES: Readonly<Record<string, BodyFailure>> = Object.freeze({
  FST_ERR_CTP_BODY_TOO_LARGE: 'too-large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'not-json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'unreadable',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed',
});

/**
 * Fastify's own errors in the catalogue's terms: a body its parsers refused is the body failure
 * the kernel would give, a malformed path escape is the 400 of `assertPathEncoding`, a schema
 * validation failure is `VALIDATION_FAILED`, and any other 4xx keeps its status (its message, which
 * may quote the request, is not sent). Anything else goes on as it is, to become the generic 500.
 */
function fromFastify(error: unknown): unknown {
  if (typeof error !== 'object' || error === null || isAuthError(error)) return error;
  const { code, statusCode, validation } = error as Partial<FastifyError>;
  const failure = code ? PARSER_FAILURES[code] : undefined;
  if (failure) return bodyError(failure);
  if (code === 'FST_ERR_BAD_URL') return pathEncodingError();
  if (validation) return new AuthError('VALIDATION_FAILED');
  if (typeof statusCode !== 'number' || !Number.isInteger(statusCode) || statusCode < 400 || statusCode > 499) return error;
  return new AuthError('REQUEST_REFUSED', undefined, undefined, { status: statusCode });
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The one place where errors become answers: the contract's body `{ statusCode, message, error,
 * code }` with the status of CONTRACT §2. Unexpected errors are logged by `log` (server side only)
 * and answered 500; an unavailable dependency answers 503 with `Retry-After`. The plugin sets it
 * (`errorHandler: false` to keep your own, and call this from it).
 *
 * @example
 * app.setErrorHandler(errorHandler((error) => app.log.error(error)));
 */
export function errorHandler(log: ErrorLog = (e) => console.error(e)) {
  return (error: unknown, _request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const { status, body, headers } = toErrorResponse(fromFastify(error), log);
    return reply
      .code(status)
      .headers({ ...headers, 'Content-Type': JSON_TYPE })
      .send(JSON.stringify(body));
  };
}

/**
 * The JSON 404 for a request no route took (a path that is not validly percent-encoded: the 400
 * it gets on a route). The plugin sets it (`notFound: false` to keep your own).
 *
 * @example
 * app.setNotFoundHandler(notFound());
 */
export function notFound() {
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const { status, body } = routeNotFound(request.url);
    return reply.code(status).header('Content-Type', JSON_TYPE).send(JSON.stringify(body));
  };
}
