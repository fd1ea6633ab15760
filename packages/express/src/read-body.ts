import { readBodyWithinLimit } from '@gatehousejs/http';
import type { Request } from 'express';

/**
 * Reads the request body under the shared size rules (`readBodyWithinLimit`), the same code the
 * Hono adapter runs: 413 over `limitBytes`; an over-limit body up to 1 MiB is read to its end so the
 * connection stays usable, a larger one is left unread and the 413 closes the connection. (Express's
 * own body-parser reads an over-limit body to its end however large it is.)
 */
export function readBodyBytes(req: Request, limitBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  return readBodyWithinLimit(
    {
      contentLength: req.headers['content-length'],
      open: () => {
        // Never `return()`ed: that would destroy the request, and the socket with it, before the 413.
        const chunks = req[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
        return async () => {
          const chunk = await chunks.next();
          return chunk.done ? undefined : chunk.value;
        };
      },
    },
    limitBytes,
  );
}
