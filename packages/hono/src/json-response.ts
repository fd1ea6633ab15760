import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** JSON with the same `Content-Type` the Express adapter sends, so responses are byte-for-byte alike. */
export function jsonResponse(c: Context, status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return c.json(body, status as ContentfulStatusCode, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
}
