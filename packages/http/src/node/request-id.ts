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
 * (`withApiHeaders`). The app hands it on explicitly (to an adapter's `requestId` option, to the
 * error log) rather than through `AsyncLocalStorage`, which turns on promise hooks for every
 * promise of the process (docs/performance.md).
 *
 * @example
 * app.use('/api/v1/auth', authRouter(auth, { requestId: (req) => requestIdOf(req.res!) }));
 */
export function requestIdOf(res: Pick<ServerResponse, 'getHeader'>): string | undefined {
  const id = res.getHeader('x-request-id');
  return typeof id === 'string' ? id : undefined;
}
