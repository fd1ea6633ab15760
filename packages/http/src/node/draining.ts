import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';

export interface Draining {
  /** The listener to give `createServer`: it marks every answer `Connection: close` once draining. */
  listener: RequestListener;
  /**
   * Stops accepting connections and answers every request from now on (and those in flight) with
   * `Connection: close`, so each keep-alive connection closes after its next answer; resolves when
   * the last connection is closed. Bound it with a deadline of your own (a timer that exits).
   */
  drain(server: Server): Promise<void>;
  /** Requests being answered now. */
  inFlight(): number;
}

/**
 * Draining a Node HTTP server for graceful shutdown, without losing a request to a closing
 * connection: give `drain` to `auth.shutdown`, which turns readiness to `stopping` first and
 * closes the hasher, the mailer and the store once the server is drained.
 *
 * An idle keep-alive connection is not closed at once: a proxy that reuses connections (nginx
 * `keepalive`) may be writing a request into it at that very moment, and a POST that meets a
 * closed connection is not retried (the client gets a 502; the cluster test saw it). Instead each
 * connection closes after its next answer (`Connection: close`), and one left unused is closed by
 * whichever side's keep-alive timeout comes first: a proxy's (2 s in docs/deployment.md) before
 * Node's `keepAliveTimeout` (5 s), the same rule that keeps a running instance from dropping
 * requests. A drain therefore takes at most about the keep-alive timeout plus the slowest request.
 *
 * @example
 * import { createServer } from 'node:http';
 * import { createDraining } from '@gatehousejs/http/node';
 *
 * const draining = createDraining(app); // an Express app, `getRequestListener(hono.fetch)`, …
 * const server = createServer(draining.listener).listen(3000);
 * process.once('SIGTERM', () => {
 *   setTimeout(() => process.exit(1), 10_000).unref(); // the deadline
 *   void auth.shutdown(() => draining.drain(server)).then(() => process.exit(0));
 * });
 */
export function createDraining(inner: RequestListener): Draining {
  const open = new Set<ServerResponse>();
  let draining = false;

  const listener: RequestListener = (req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    res.once('close', () => open.delete(res));
    if (draining) res.setHeader('Connection', 'close');
    inner(req, res);
  };

  return {
    listener,
    inFlight: () => open.size,
    drain(server) {
      draining = true;
      for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close');
      return new Promise<void>((resolve) => {
        // net.Server's close: stop accepting and call back once every connection has ended.
        // http.Server's own close() would also close the idle keep-alive connections at once,
        // which is the race described above.
        NetServer.prototype.close.call(server, () => resolve());
      });
    },
  };
}
