import type { IncomingMessage } from 'node:http';
import type { Exchange } from '@gatehousejs/http/adapter';
import { nodeExchange, splitTarget } from './node-exchange.js';

/** The request as Nest hands it to guards and filters: Express's `req`, or Fastify's `request` (with `raw`). */
export interface NestRequest {
  raw?: IncomingMessage;
  body?: unknown;
  rawBody?: unknown;
}

/** Node's message under either platform's request. */
export function nodeMessage(request: NestRequest): IncomingMessage {
  return request.raw ?? (request as unknown as IncomingMessage);
}

const NOT_SENT = (): never => {
  throw new Error('the guard answers through the exception filter');
};

/**
 * The exchange of a request Nest routed (for the guard's admission): the whole path, since the
 * guard never dispatches, and no way to answer (errors are thrown to the exception filter).
 */
export function platformRequest(request: NestRequest): Exchange<void> {
  const message = nodeMessage(request);
  const { path, query } = splitTarget((message as { originalUrl?: string }).originalUrl ?? message.url ?? '/');
  return nodeExchange({ message, body: request.body, rawBody: request.rawBody }, path, query, NOT_SENT);
}
