import {
  errorLog,
  examplePages,
  handleApiDocs,
  handleDemoApp,
  handleResetPasswordPage,
  type AppParts,
} from '@gatehousejs/example-server-kit';
import { requestIdOf } from '@gatehousejs/http/node';
import { authRoutes, errorHandler, notFound, userRoutes } from '@gatehousejs/hono';
import type { HttpBindings } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { mailViewerRoutes } from './dev-mail/mail-viewer-routes.js';
import { sendPage, toPageRequest } from './page-glue.js';
import { resourceRoutes } from './routes/resource-routes.js';

/** The id set on Node's response below Hono (`withApiHeaders` of `@gatehousejs/http/node`, mounted by the kit), for the audit events and the error log. */
const requestId = (c: Context) => requestIdOf((c.env as HttpBindings).outgoing);

/** The Hono app of the example (on Node): the library's auth and user routes (readiness among them), its own resource routes, pages, one error handler. */
export function createApp({ auth, log, mailViewer, http }: AppParts): Hono {
  // The request id, the security headers and CORS are set on Node's response before Hono runs
  // (`withApiHeaders` of `@gatehousejs/http/node`, mounted by the kit): one implementation for both examples, and no middleware here.
  const app = new Hono();
  // The OpenAPI document and its Swagger UI page, public, before the guarded routes.
  app.on(['GET', 'HEAD'], ['/api/v1/openapi.json', '/docs', '/docs/*'], (c) => {
    const page = handleApiDocs(toPageRequest(c));
    return page ? sendPage(c, page) : c.notFound();
  });
  // On Node the adapter reads the peer's address from the socket itself: no getConnInfo to pass.
  const proxies = { trustedProxies: http.trustedProxies, trustedProxyHops: http.trustedProxyHops, requestId };
  app.route('/api/v1/auth', authRoutes(auth, { pages: examplePages, ...proxies }));
  app.route('/api/v1', userRoutes(auth, proxies));
  app.route('/api/v1', resourceRoutes(auth));
  if (mailViewer) app.route('/', mailViewerRoutes(mailViewer));
  // The pages answer what no route answered (as in the Express example), from the not-found
  // handler rather than a middleware after the routes: such a middleware matches every request, so
  // every route became a chain of handlers and left Hono's one-handler path.
  const jsonNotFound = notFound();
  app.notFound((c) => {
    const pageRequest = toPageRequest(c);
    const page = handleDemoApp(pageRequest, { cookies: auth.config.cookies.enabled }) ?? handleResetPasswordPage(pageRequest);
    return page ? sendPage(c, page) : jsonNotFound(c);
  });
  app.onError((error, c) => errorHandler(errorLog(log, requestId(c)))(error, c));
  return app;
}
