import { readRawHeader } from '@gatehouse/http';
import type { Context } from 'hono';

/** What @hono/node-server puts in `c.env`: the Node request the web `Request` was made from. */
type NodeBindings = { incoming?: { rawHeaders?: unknown } } | undefined;

/**
 * A request header, repeats joined with ", " as the Fetch API does. Under @hono/node-server it is
 * read from the Node request's raw header list (`c.env.incoming`): `c.req.header()` would first
 * build the web `Headers` of the request, which costs more than the whole cached token check and
 * about a quarter of a bare route's throughput. Elsewhere (Bun, Deno, workers) `c.req.header()`
 * is the only way and is cheap. Feature-detected: no Node API is imported.
 */
export function requestHeader(c: Context, lowerCaseName: string): string | undefined {
  const rawHeaders = (c.env as NodeBindings)?.incoming?.rawHeaders;
  if (Array.isArray(rawHeaders)) return readRawHeader(rawHeaders as string[], lowerCaseName);
  return c.req.header(lowerCaseName);
}
