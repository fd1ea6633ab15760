import type { RequestListener } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { nodeRequestErrorHandler } from '@gatehousejs/hono';
import type { Hono } from 'hono';

/** The Hono app as a Node request listener, for the kit's HTTP server (and the tests). */
export function nodeListener(app: Hono<any, any, any>): RequestListener {
  return getRequestListener(app.fetch, { errorHandler: nodeRequestErrorHandler() }) as unknown as RequestListener;
}
