import type { Answer, Exchange } from './exchange.js';

/** What `memoryExchange` takes: a request as plain data. */
export interface MemoryRequest {
  method?: string;
  /** Path and query: `/login?x=1`. */
  target: string;
  headers?: Record<string, string>;
  body?: string;
  peerAddress?: string;
}

/**
 * An `Exchange` over plain data, answering with the `Answer` itself: for unit tests of the kernel
 * and of route tables, and the smallest adapter there is to read. `opened` counts `openBody()` calls.
 *
 * @example
 * const answer = await kernel.dispatch(routeTable(AUTH_ROUTES), memoryExchange({ method: 'POST', target: '/login' }));
 */
export function memoryExchange(request: MemoryRequest): Exchange<Answer> & { opened: number } {
  const headers = new Map(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const at = request.target.indexOf('?');
  const exchange = {
    method: (request.method ?? 'GET').toUpperCase(),
    path: at < 0 ? request.target : request.target.slice(0, at),
    query: at < 0 ? '' : request.target.slice(at + 1),
    header: (name: string) => headers.get(name),
    peerAddress: request.peerAddress,
    opened: 0,
    openBody() {
      exchange.opened += 1;
      if (request.body === undefined) return null;
      let chunk: Uint8Array | undefined = new TextEncoder().encode(request.body);
      return async () => {
        const next = chunk;
        chunk = undefined;
        return next;
      };
    },
    send: (answer: Answer) => answer,
  };
  return exchange;
}
