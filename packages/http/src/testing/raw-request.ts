import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  /** Header names lower-cased; repeated headers joined with ", ". */
  headers: Record<string, string>;
  text: string;
}

function decodeChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', offset);
    const size = Number.parseInt(body.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}

/**
 * Sends one HTTP/1.1 request byte for byte over a socket, for what `fetch` cannot send: two
 * headers of the same name, a GET with a body. `headers` are sent in order, as given.
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: [string, string][],
  body: string | Uint8Array = '',
): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
  const lines = [
    `${method} ${path} HTTP/1.1`,
    `Host: ${url.host}`,
    'Connection: close',
    ...headers.map(([name, value]) => `${name}: ${value}`),
    ...(payload.length > 0 ? [`Content-Length: ${payload.length}`] : []),
  ];
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(received);
      const headEnd = all.indexOf('\r\n\r\n');
      const [statusLine, ...headerLines] = all.subarray(0, headEnd).toString('latin1').split('\r\n');
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        parsed[name] = parsed[name] === undefined ? value : `${parsed[name]}, ${value}`;
      }
      let rest: Buffer = all.subarray(headEnd + 4);
      if (/chunked/i.test(parsed['transfer-encoding'] ?? '')) rest = decodeChunked(rest);
      resolve({ status: Number(statusLine!.split(' ')[1]), headers: parsed, text: rest.toString('utf8') });
    });
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    // Not `end()`: a server may drop a connection whose client half-closed before an answer that
    // takes a while (a database read). `Connection: close` makes the server end it after answering.
    socket.write(payload);
  });
}
