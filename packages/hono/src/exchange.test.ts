import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { honoExchange } from './exchange.js';

/** A Hono context as @hono/node-server makes it: `c.env.incoming` is Node's request. */
function nodeContext(nodeHeaders: Record<string, string>, opened: string[]): Context {
  const raw = {
    get body() {
      // On @hono/node-server this getter builds a web stream over the socket: what must not happen.
      opened.push('body');
      return null;
    },
    bodyUsed: false,
  };
  return {
    env: { incoming: { socket: { remoteAddress: '::ffff:203.0.113.9' }, headers: nodeHeaders } },
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

  it("reads the peer's address from Node's socket, without getConnInfo", () => {
    expect(honoExchange(nodeContext({}, [])).peerAddress).toBe('::ffff:203.0.113.9');
  });
});
