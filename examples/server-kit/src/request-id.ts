import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

const requests = new AsyncLocalStorage<string>();

/** An id a proxy may have set (`X-Request-Id`), if it is short and plain enough to log as it is. */
const ACCEPTED_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request id to use: the proxy's `X-Request-Id` when it is plain, otherwise a new UUID. */
export function chooseRequestId(incoming: string | undefined): string {
  return incoming !== undefined && ACCEPTED_ID.test(incoming) ? incoming : randomUUID();
}

/** Runs the rest of a request with `requestId`, so every log line written meanwhile carries it. */
export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return requests.run(requestId, work);
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return requests.getStore();
}
