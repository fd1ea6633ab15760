import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * JSON with the Express adapter's `Content-Type` (`application/json; charset=utf-8`; `c.json` omits the charset).
 * @example api.get('/health', publicRoute, (c) => jsonResponse(c, 200, { status: 'ok' }));
 */
export function jsonResponse(c: Context, status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return c.json(body, status as ContentfulStatusCode, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
}
