import { Agent, request } from 'node:http';

export interface KeepAliveResponse {
  status: number;
  /** Header names lower-cased, as Node gives them. */
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** True when the request went out on a connection an earlier request had used. */
  reusedSocket: boolean;
}

export interface KeepAliveRequest {
  /** Sent with `Content-Length`, or, with `chunked`, in 16 KiB chunks without it. */
  body?: Uint8Array;
  chunked?: boolean;
  headers?: Record<string, string>;
}

/**
 * A client that keeps one connection open and sends every request over it, one at a time, as a
 * browser or an HTTP client library reuses connections. `fetch` hides which connection a request
 * used; this tells (`reusedSocket`), so a test can prove a server left the connection usable.
 */
export function keepAliveClient(baseUrl: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  function send(method: string, path: string, req: KeepAliveRequest = {}): Promise<KeepAliveResponse> {
    const headers: Record<string, string> = { ...req.headers };
    if (req.body && !req.chunked) headers['content-length'] = String(req.body.byteLength);
    return new Promise((resolve, reject) => {
      const outgoing = request(new URL(path, baseUrl), { method, agent, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => parts.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(parts).toString('utf8'),
            reusedSocket: outgoing.reusedSocket,
          }),
        );
      });
      outgoing.on('error', reject);
      if (req.body && req.chunked) {
        for (let offset = 0; offset < req.body.byteLength; offset += 16 * 1024)
          outgoing.write(req.body.subarray(offset, offset + 16 * 1024));
        outgoing.end();
      } else {
        outgoing.end(req.body);
      }
    });
  }
  return { send, close: () => agent.destroy() };
}
