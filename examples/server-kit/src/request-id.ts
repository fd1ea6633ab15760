import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/** An id a proxy may have set (`X-Request-Id`), if it is short and plain enough to log as it is. */
const ACCEPTED_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request id to use: the proxy's `X-Request-Id` when it is plain, otherwise a new UUID. */
export function chooseRequestId(incoming: string | undefined): string {
  return incoming !== undefined && ACCEPTED_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The id of the request `res` answers: the `X-Request-Id` set on it before the app ran
 * (`withExampleHeaders`). The app hands it on explicitly — to core in the request context, to the
 * error log — rather than through `AsyncLocalStorage`, which on Node 20 turns on promise hooks
 * for every promise of the process (10–15 µs of CPU an answer on a Hono route).
 */
export function requestIdOf(res: Pick<ServerResponse, 'getHeader'>): string | undefined {
  const id = res.getHeader('x-request-id');
  return typeof id === 'string' ? id : undefined;
}
