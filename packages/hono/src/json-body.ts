import { DEFAULT_BODY_LIMIT_BYTES, readRequestBody } from '@gatehousejs/http';
import type { MiddlewareHandler } from 'hono';
import { honoExchange } from './exchange.js';
import type { GatehouseEnv } from './gatehouse-env.js';

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
  return async (c, next) => {
    c.set('body', await readRequestBody(honoExchange(c), 'json', limitBytes));
    await next();
  };
}
