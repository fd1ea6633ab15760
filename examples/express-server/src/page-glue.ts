import type { PageRequest, PageResponse } from '@gatehousejs/example-server-kit';
import type { Request, Response } from 'express';

/** The kit's framework-neutral page request, from an Express request (path below the mount point). */
export function toPageRequest(req: Request): PageRequest {
  const url = new URL(req.url, 'http://localhost');
  return { method: req.method, path: url.pathname, query: url.searchParams, basePath: req.baseUrl };
}

export function sendPage(res: Response, page: PageResponse): void {
  res.status(page.status).set(page.headers).send(page.body);
}
