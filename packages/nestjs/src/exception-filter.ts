import type { ServerResponse } from 'node:http';
import { AuthError, isAuthError } from '@gatehousejs/core';
import { type Admission, bodyError, pathEncodingError, routeNotFound } from '@gatehousejs/http/adapter';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Inject, NotFoundException } from '@nestjs/common';
import { GATEHOUSE_KERNEL, GATEHOUSE_OPTIONS, type GatehouseModuleOptions } from './module-options.js';
import { nodeMessage, type NestRequest } from './platform-request.js';
import { writeNodeAnswer, splitTarget, nodeExchange } from './node-exchange.js';

/** Fastify's reply: answered through it, so Fastify's own lifecycle (hooks, logging) sees the answer. */
interface FastifyLikeReply {
  raw: ServerResponse;
  sent: boolean;
  code(status: number): FastifyLikeReply;
  headers(values: Record<string, string>): FastifyLikeReply;
  send(body?: string): unknown;
}

const isFastifyReply = (response: unknown): response is FastifyLikeReply =>
  typeof response === 'object' && response !== null && 'raw' in response && typeof (response as { send?: unknown }).send === 'function';

// Express's body-parser (Nest's own parsers) names its refusals with a `type`: the shared body failures.
const PARSER_FAILURES: Readonly<Record<string, Parameters<typeof bodyError>[0]>> = Object.freeze({
  'entity.too.large': 'too-large',
  'entity.parse.failed': 'malformed',
  'encoding.unsupported': 'compressed',
  'charset.unsupported': 'not-utf-8',
  'request.aborted': 'unreadable',
  'request.size.invalid': 'unreadable',
});

/**
 * What the platform or the app threw, as the contract's error: an `AuthError` as it is; Nest's
 * answer to an unknown route (`Cannot GET /x`) as `ROUTE_NOT_FOUND` (or the 400 of a malformed
 * path); a parser's 413 and 415 as the body errors; any other 4xx `HttpException` keeps its status
 * and, when the app gave one, its sentence. A 5xx is the generic 500, logged.
 */
export function toContractError(error: unknown, url: string, method: string): unknown {
  if (isAuthError(error)) return error;
  if (error instanceof NotFoundException && error.message === `Cannot ${method} ${url}`) {
    return routeNotFound(url).body.code === 'ROUTE_NOT_FOUND' ? new AuthError('ROUTE_NOT_FOUND') : pathEncodingError();
  }
  if (error instanceof URIError) return pathEncodingError();
  const status = error instanceof HttpException ? error.getStatus() : (error as { status?: unknown; statusCode?: unknown } | null)?.status;
  const type = (error as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && PARSER_FAILURES[type]) return bodyError(PARSER_FAILURES[type]);
  if (status === 413) return bodyError('too-large');
  if (status === 415) return bodyError('not-json');
  if (typeof status !== 'number' || status < 400 || status > 499) return error;
  const message = error instanceof HttpException ? error.message : undefined;
  return new AuthError('REQUEST_REFUSED', message, undefined, { status });
}

/**
 * The exception filter the module installs (`APP_FILTER`): every error on either platform is
 * answered with the contract's body `{ statusCode, message, error, code }` (CONTRACT §2, §9),
 * 401 with `WWW-Authenticate: Bearer`, 429 and 503 with `Retry-After`. 5xx go to the `log` option.
 */
@Catch()
export class GatehouseExceptionFilter implements ExceptionFilter {
  constructor(
    @Inject(GATEHOUSE_KERNEL) private readonly kernel: Admission,
    @Inject(GATEHOUSE_OPTIONS) private readonly options: GatehouseModuleOptions,
  ) {}

  catch(error: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw error;
    const http = host.switchToHttp();
    const message = nodeMessage(http.getRequest<NestRequest>());
    const response = http.getResponse<ServerResponse | FastifyLikeReply>();
    const url = (message as { originalUrl?: string }).originalUrl ?? message.url ?? '/';
    const method = message.method ?? 'GET';
    const raw = isFastifyReply(response) ? response.raw : response;
    if (raw.headersSent) return;
    const answer = isFastifyReply(response)
      ? (status: number, headers: Record<string, string>, body: string | undefined) =>
          void response.code(status).headers(headers).send(body)
      : writeNodeAnswer(response);
    const { path, query } = splitTarget(url);
    const exchange = nodeExchange({ message }, path, query, answer);
    this.kernel.answerError(exchange, toContractError(error, url, method), this.options.log ?? ((e) => console.error(e)));
  }
}
