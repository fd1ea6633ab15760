import { AuthError } from '@gatehousejs/core';
import { assertIdentityEncoding, bodyError, DEFAULT_BODY_LIMIT_BYTES, methodTakesBody, parseJsonBody } from '@gatehousejs/http';
import type { Context, MiddlewareHandler } from 'hono';
import type { GatehouseEnv } from './gatehouse-env.js';
import { readBodyBytes } from './read-body.js';

// Contexts whose body was read already: overlapping guards (a secureRoutes app mounted in another)
// read it once.
const read = new WeakSet<Context>();

/**
 * The JSON body rules for one request, as `secureRoutes` runs them: puts the body in
 * `c.get('body')` and returns `undefined` when there is nothing to read (GET, HEAD, read before),
 * else a promise. Reads the stream under the shared size rules, or takes the body from Hono's body
 * cache when a middleware before read it (`c.req.json()`, `c.req.text()` …), and leaves the bytes
 * in that cache so a handler's own `c.req.json()` or `c.req.text()` works: no new `Request` is built.
 */
export function bodyReader(limitBytes = DEFAULT_BODY_LIMIT_BYTES): (c: Context) => Promise<void> | undefined {
  return (c) => {
    if (read.has(c)) return undefined;
    read.add(c);
    if (!methodTakesBody(c.req.method)) {
      c.set('body', undefined);
      return undefined;
    }
    return readJson(c, limitBytes);
  };
}

async function readJson(c: Context<GatehouseEnv>, limitBytes: number): Promise<void> {
  assertIdentityEncoding(c.req.header('content-encoding'));
  const bytes = await bodyBytes(c, limitBytes);
  c.set('body', parseJsonBody(c.req.header('content-type'), bytes));
}

async function bodyBytes(c: Context, limitBytes: number): Promise<Uint8Array> {
  const cache = c.req.bodyCache;
  // A middleware before read the body through Hono: it is all in memory, so over the limit is a
  // plain 413 (nothing left on the connection).
  for (const _ in cache) {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength > limitBytes) throw bodyError('too-large');
    return bytes;
  }
  if (c.req.raw.bodyUsed) {
    // A setup mistake, not the client's: the 500 of INVALID_CONFIG, the cause in the server log.
    throw new AuthError(
      'INVALID_CONFIG',
      "The request body was read before Gatehouse, outside Hono's body cache (c.req.raw was read directly): " +
        'read it with c.req.json() / c.req.text() / c.req.arrayBuffer(), or after the Gatehouse routes.',
    );
  }
  const bytes = await readBodyBytes(c.req.raw, limitBytes);
  // Hono keeps promises in its body cache (`c.req.arrayBuffer()` stores `raw.arrayBuffer()`'s) and
  // converts from whichever key is there; its type says `ArrayBuffer`.
  cache.arrayBuffer = Promise.resolve(bytes.buffer) as unknown as ArrayBuffer;
  return bytes;
}

/**
 * Applies the shared JSON body rules of `@gatehousejs/http` and puts the result in `c.get('body')`:
 * 413 over `limitBytes` (16 KiB by default), 415 for a compressed or non-JSON body, 400 for
 * malformed JSON, `undefined` for an empty body. GET and HEAD bodies are not read. A body read
 * before through Hono's body cache is taken from it; `c.req.json()` and `c.req.text()` keep working
 * after. `secureRoutes` runs it on every route, after the guard.
 *
 * @example
 * app.post('/echo', jsonBody(), (c) => c.json({ received: c.get('body') }));
 */
export function jsonBody(limitBytes = DEFAULT_BODY_LIMIT_BYTES): MiddlewareHandler<GatehouseEnv> {
  const readBody = bodyReader(limitBytes);
  return (c, next) => {
    const reading = readBody(c);
    return reading ? reading.then(() => next()) : next();
  };
}
