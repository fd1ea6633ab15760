import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * A JSON response with the `Content-Type` the Express adapter sends
 * (`application/json; charset=utf-8`), so both answer byte for byte alike; `c.json` says only
 * `application/json`. Every JSON answer of this adapter goes through here; use it in your own
 * routes for the same header.
 *
 * @example
 * api.get('/health', publicRoute, (c) => jsonResponse(c, 200, { status: 'ok' }));
 */
export function jsonResponse(c: Context, status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return c.json(body, status as ContentfulStatusCode, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
}
