import { readBodyWithinLimit } from '@gatehousejs/http';

/**
 * Reads a web-standard request body under the shared size rules (`readBodyWithinLimit`): 413 over
 * `limitBytes`, counted on the bytes that arrive; an over-limit body up to 1 MiB is read to its end
 * so the connection stays usable, a larger one is left unread and the 413 closes the connection.
 *
 * `request.body` is only touched once the declared length allows reading: on @hono/node-server the
 * getter starts pulling the socket into a web stream, and a half-read stream that nobody finishes
 * stalls the connection until node-server gives up draining it and drops the socket.
 */
export function readBodyBytes(request: Request, limitBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  return readBodyWithinLimit(
    {
      contentLength: request.headers.get('content-length'),
      open: () => {
        const reader = request.body?.getReader();
        return reader ? async () => (await reader.read()).value : null;
      },
    },
    limitBytes,
  );
}
