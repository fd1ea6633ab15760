import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';

export interface Draining {
  /** The listener to give `createServer`: it marks every answer `Connection: close` once draining. */
  listener: RequestListener;
  /**
   * Stops accepting connections, closes idle keep-alive sockets, answers the requests in flight
   * with `Connection: close` and resolves when the last one is answered. It never waits longer
   * than the caller's deadline: see `drainWithin`.
   */
  drain(server: Server): Promise<void>;
  /** Requests being answered now. */
  inFlight(): number;
}

/**
 * Draining for graceful shutdown. A proxy that reuses connections (nginx `keepalive`) would go on
 * sending requests to an instance that only stopped accepting new connections: answering with
 * `Connection: close` tells it to open the next connection elsewhere, and closing each socket
 * once it is idle lets the server's `close()` finish.
 *
 * @example
 * const draining = createDraining(app);
 * const server = createServer(draining.listener);
 * process.once('SIGTERM', () => void draining.drain(server).then(closePools));
 */
export function createDraining(inner: RequestListener): Draining {
  const open = new Set<ServerResponse>();
  let draining: Server | undefined;

  const closeIfIdle = () => {
    // After the answer's last byte the socket turns idle in this tick; close it then.
    setImmediate(() => draining?.closeIdleConnections());
  };

  const listener: RequestListener = (req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    res.once('close', () => {
      open.delete(res);
      if (draining) closeIfIdle();
    });
    if (draining) res.setHeader('Connection', 'close');
    inner(req, res);
  };

  return {
    listener,
    inFlight: () => open.size,
    drain(server) {
      draining = server;
      for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close');
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  };
}
