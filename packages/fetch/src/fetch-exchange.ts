import type { Exchange } from '@gatehousejs/http/adapter';

/** What the runtime tells of a request besides the `Request` itself. */
export interface RequestFacts {
  /**
   * The TCP peer's address: Bun's `server.requestIP(request)?.address`, Deno's
   * `info.remoteAddr.hostname`, Node's `req.socket.remoteAddress`. `undefined` where the runtime
   * does not tell (a Next.js route handler): then say who the client is with the proxy setting.
   */
  peerAddress?: string | undefined;
  /** The app's id for this request (its `X-Request-Id`), for the audit events. */
  requestId?: string | undefined;
  /**
   * `false` when the runtime knows the request has no body: on Node, an HTTP/1.1 request with
   * neither `Content-Length` nor `Transfer-Encoding` (RFC 9112 §6.3), for which a bridge such as
   * @hono/node-server still builds a stream that costs more than the route. Leave it unset where
   * the runtime cannot tell (HTTP/2 may send a body without `Content-Length`): `request.body` decides.
   */
  hasBody?: boolean | undefined;
}

const HEAD_OR_NO_CONTENT = (method: string, status: number) => method === 'HEAD' || status === 204 || status === 304;

/**
 * The kernel's `Exchange` for a web-standard `Request`, answering with a `Response`. `path` is the
 * (normalised) pathname below `mountedAt`, still percent-encoded; the body is read from `request.body` only
 * when a route needs it, and never when the runtime says there is none (`facts.hasBody === false`;
 * a request without a body may also have `request.body === null`). `extraHeaders` go on every
 * answer (security headers, CORS).
 */
export function fetchExchange(
  request: Request,
  url: { pathname: string; search: string },
  mountedAt: string,
  facts: RequestFacts,
  extraHeaders: Readonly<Record<string, string>>,
): Exchange<Response> {
  return {
    method: request.method,
    path: url.pathname.slice(mountedAt.length) || '/',
    query: url.search.slice(1),
    header: (name) => request.headers.get(name) ?? undefined,
    peerAddress: facts.peerAddress,
    requestId: facts.requestId,
    openBody: () => {
      if (facts.hasBody === false) return null;
      const reader = request.body?.getReader();
      if (!reader) return null;
      return async () => {
        const chunk = await reader.read();
        return chunk.done ? undefined : chunk.value;
      };
    },
    send: ({ status, headers, body, cookies }) => {
      const answer = new Headers(extraHeaders);
      for (const name in headers) answer.set(name, headers[name]!);
      // Each cookie its own Set-Cookie header (cookie mode: the session cookies).
      for (const cookie of cookies ?? []) answer.append('Set-Cookie', cookie);
      return new Response(HEAD_OR_NO_CONTENT(request.method, status) ? null : (body ?? null), { status, headers: answer });
    },
  };
}
