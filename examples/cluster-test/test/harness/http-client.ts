import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { PIN_HEADER, UPSTREAM_HEADER } from './nginx-balancer.js';

/** One answer as the test saw it; `status` 0 when no HTTP answer came (`failure` says why). */
export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: any;
  ms: number;
  /** The instance port that answered last (nginx's X-Upstream), when known. */
  upstream: number | undefined;
  failure?: string;
}

export interface RequestOptions {
  json?: unknown;
  bearer?: string;
  /** Route to instance N instead of round robin. */
  pin?: number;
  timeoutMs?: number;
}

export interface HttpClient {
  send(method: string, path: string, options?: RequestOptions): Promise<Answer>;
  close(): void;
}

function lastUpstream(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  const last = value?.split(/[,:]\s*/).at(-1);
  return last && /^\d+$/.test(last) ? Number(last) : undefined;
}

/** A keep-alive HTTP/1.1 client for one base URL, as a browser or a mobile app would hold. */
export function createHttpClient(baseUrl: string, defaultTimeoutMs = 20_000): HttpClient {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const base = new URL(baseUrl);
  return {
    send(method, path, options = {}) {
      const started = performance.now();
      const body = options.json === undefined ? undefined : JSON.stringify(options.json);
      const headers: Record<string, string> = { accept: 'application/json' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
      if (options.pin !== undefined) headers[PIN_HEADER] = String(options.pin);
      return new Promise<Answer>((resolve) => {
        let settled = false;
        const settle = (answer: Omit<Answer, 'ms'>) => {
          if (settled) return;
          settled = true;
          resolve({ ...answer, ms: performance.now() - started });
        };
        const req = request({ host: base.hostname, port: base.port, method, path, headers, agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', (error) => settle({ status: 0, headers: {}, body: undefined, upstream: undefined, failure: error.message }));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = text === '' ? undefined : JSON.parse(text);
            } catch {
              // Not JSON (nginx's own error pages are HTML): keep the text.
            }
            settle({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: parsed,
              upstream: lastUpstream(res.headers[UPSTREAM_HEADER]),
            });
          });
        });
        req.setTimeout(options.timeoutMs ?? defaultTimeoutMs, () => {
          settle({ status: 0, headers: {}, body: undefined, upstream: undefined, failure: 'timeout' });
          req.destroy();
        });
        req.on('error', (error: NodeJS.ErrnoException) =>
          settle({ status: 0, headers: {}, body: undefined, upstream: undefined, failure: error.code ?? error.message }),
        );
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}
