import { assertIdentityEncoding, DEFAULT_BODY_LIMIT_BYTES, methodTakesBody, parseJsonBody } from '@gatehouse/http';
import type { Context, MiddlewareHandler } from 'hono';
import type { GatehouseEnv } from './gatehouse-env.js';
import { readBodyBytes } from './read-body.js';

/**
 * Applies the shared JSON body rules of `@gatehouse/http` and puts the result in `c.get('body')`:
 * 413 over `limitBytes` (16 KiB by default), 415 for a compressed or non-JSON body, 400 for
 * malformed JSON, `undefined` for an empty body. GET and HEAD bodies are not read.
 * `secureRoutes` runs it on every route, after the guard.
 *
 * @example
 * app.post('/echo', jsonBody(), (c) => c.json({ received: c.get('body') }));
 */
export function jsonBody(limitBytes = DEFAULT_BODY_LIMIT_BYTES): MiddlewareHandler<GatehouseEnv> {
  // Overlapping routes can run this twice for one request; the body is read once.
  const done = new WeakSet<Context>();
  return async (c, next) => {
    if (!done.has(c)) {
      done.add(c);
      c.set('body', undefined);
      if (methodTakesBody(c.req.method)) {
        assertIdentityEncoding(c.req.header('content-encoding'));
        const bytes = await readBodyBytes(c.req.raw, limitBytes);
        c.set('body', parseJsonBody(c.req.header('content-type'), bytes));
        // The stream is used up: keep `c.req.json()`/`c.req.text()` working for handlers that call them.
        c.req.raw = new Request(c.req.raw, { body: bytes });
      }
    }
    await next();
  };
}
