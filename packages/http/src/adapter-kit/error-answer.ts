import { AuthError, isAuthError } from '@gatehousejs/core';
import { bodyError, type BodyFailure } from '../rules/body-errors.js';
import { toErrorResponse, type ErrorLog, type ErrorResponse } from '../rules/http-error.js';
import { JSON_TYPE } from '../kernel/admission.js';
import type { Answer } from '../kernel/exchange.js';
import { routeNotFound } from '../rules/not-found.js';
import { pathEncodingError } from '../rules/request-path.js';

/** A framework's refusal the catalogue has a code for: a body failure, or a path that is not validly percent-encoded. */
export type FrameworkFailure = BodyFailure | 'path-malformed';

const asAnswer = ({ status, body, headers }: ErrorResponse): Answer => ({
  status,
  headers: { ...headers, 'Content-Type': JSON_TYPE },
  body: JSON.stringify(body),
});

/**
 * A framework's own 4xx error (its router, its body parser: an object with an integer `status` or
 * `statusCode`, the convention of http-errors, Fastify and Hono) in the catalogue's terms: the
 * failure its `type` or `code` names in `failures` when the statuses agree (a `URIError` is a
 * malformed path escape), else `REQUEST_REFUSED` with its status. Its own message, which may quote
 * the request, is not kept. Anything else is returned as it is.
 */
function fromFramework(error: unknown, failures: Readonly<Record<string, FrameworkFailure>>): unknown {
  if (typeof error !== 'object' || error === null || isAuthError(error)) return error;
  const { status, statusCode, type, code } = error as Record<string, unknown>;
  const refused = typeof status === 'number' ? status : statusCode;
  if (typeof refused !== 'number' || !Number.isInteger(refused) || refused < 400 || refused > 499) return error;
  const failure = error instanceof URIError ? 'path-malformed' : failures[String(type ?? code)];
  const known = failure === 'path-malformed' ? pathEncodingError() : failure ? bodyError(failure) : undefined;
  return known?.status === refused ? known : new AuthError('REQUEST_REFUSED', undefined, undefined, { status: refused });
}

/**
 * The answer to anything thrown, ready for the adapter to write as it writes the kernel's: the
 * contract's JSON error body with the status of its code (`toErrorResponse`). Unexpected errors go
 * to `log` (server side only) and are the generic 500; an unavailable dependency is 503 with
 * `Retry-After`. A framework's own 4xx keeps its status (see `failures` for the ones the catalogue
 * knows better).
 *
 * @example
 * const PARSER_FAILURES = { 'entity.too.large': 'too-large' } as const; // body-parser's `type`s
 * app.use((error, _req, res, _next) => write(res, errorAnswer(error, log, PARSER_FAILURES)));
 */
export function errorAnswer(error: unknown, log?: ErrorLog, failures: Readonly<Record<string, FrameworkFailure>> = {}): Answer {
  return asAnswer(toErrorResponse(fromFramework(error, failures), log));
}

/**
 * The answer to a request no route took: the same JSON 404 with or without a token; the 400 of a
 * path that is not validly percent-encoded (`routeNotFound`).
 *
 * @example
 * app.use((req, res) => write(res, notFoundAnswer(req.originalUrl)));
 */
export function notFoundAnswer(url: string): Answer {
  return asAnswer(routeNotFound(url));
}
