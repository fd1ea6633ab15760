import type { PageRequest, PageResponse } from '@gatehousejs/example-server-kit';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The kit's framework-neutral page request, from a Hono request; `basePath` is the mount point. */
export function toPageRequest(c: Context, basePath = ''): PageRequest {
  const url = new URL(c.req.url);
  return { method: c.req.method, path: url.pathname.slice(basePath.length) || '/', query: url.searchParams, basePath };
}

export function sendPage(c: Context, page: PageResponse): Response {
  return c.body(page.body, page.status as ContentfulStatusCode, page.headers);
}
