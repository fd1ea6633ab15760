import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { honoExchange } from './exchange.js';

/** A Hono context as @hono/node-server makes it: `c.env.incoming` is Node's request. */
function nodeContext(nodeHeaders: Record<string, string>, opened: string[], rawHeaders = Object.entries(nodeHeaders).flat()): Context {
  const raw = {
    get body() {
      // On @hono/node-server this getter builds a web stream over the socket: what must not happen.
      opened.push('body');
      return null;
    },
    bodyUsed: false,
  };
  return {
    env: {
      incoming: {
        socket: { remoteAddress: '::ffff:203.0.113.9' },
        headers: nodeHeaders,
        rawHeaders,
        readableEnded: false,
        resume() {
          opened.push('resumed');
        },
      },
    },
    req: {
      url: 'http://localhost/api/v1/auth/verify-token',
      method: 'POST',
      raw,
      bodyCache: {},
      header: (name: string) => nodeHeaders[name],
      param: () => ({}),
    },
  } as unknown as Context;
}

describe('honoExchange on Node', () => {
  it('has no body without Content-Length and Transfer-Encoding (RFC 9112 §6.3), and builds no stream to find out', () => {
    const opened: string[] = [];
    expect(honoExchange(nodeContext({ authorization: 'Bearer x' }, opened)).openBody()).toBeNull();
    expect(opened).toEqual([]);
    honoExchange(nodeContext({ 'content-length': '2' }, opened)).openBody();
    expect(opened).toEqual(['body']);
  });

  it("takes a request over HTTP/2 (Node's compatibility API) to have a body without Content-Length (RFC 9113 §8.1)", () => {
    const opened: string[] = [];
    honoExchange(nodeContext({ ':method': 'POST', ':path': '/api/v1/auth/login' }, opened)).openBody();
    expect(opened).toEqual(['body']);
  });

  it("reads a header from Node's raw list, repeats joined as the Fetch API joins them", () => {
    const raw = ['Authorization', 'Bearer a', 'Host', 'localhost', 'AUTHORIZATION', 'Bearer b'];
    const exchange = honoExchange(nodeContext({ authorization: 'Bearer a' }, [], raw));
    expect(exchange.header('authorization')).toBe('Bearer a, Bearer b');
    expect(exchange.header('cookie')).toBeUndefined();
  });

  it('lets a request with no body end when it answers, and leaves a body no one read to @hono/node-server', () => {
    const answer = { status: 200, headers: {}, body: '{}' };
    for (const [headers, resumed] of [
      [{}, true],
      [{ 'content-length': '0' }, true],
      [{ 'content-length': '5' }, false],
      [{ 'transfer-encoding': 'chunked' }, false],
    ] as const) {
      const seen: string[] = [];
      const c = nodeContext(headers, seen);
      (c as unknown as { body: () => Response }).body = () => new Response('{}');
      honoExchange(c).send(answer);
      expect(seen.includes('resumed'), JSON.stringify(headers)).toBe(resumed);
    }
  });

  it("reads the peer's address from Node's socket, without getConnInfo", () => {
    expect(honoExchange(nodeContext({}, [])).peerAddress).toBe('::ffff:203.0.113.9');
  });
});
