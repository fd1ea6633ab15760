import {
  chooseRequestId,
  errorLog,
  examplePages,
  handleApiDocs,
  runWithRequestId,
  handleDemoApp,
  handleResetPasswordPage,
  type AppParts,
} from '@gatehousejs/example-server-kit';
import { authRoutes, cors, errorHandler, jsonResponse, notFound, securityHeaders, userRoutes } from '@gatehousejs/hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { mailViewerRoutes } from './dev-mail/mail-viewer-routes.js';
import { sendPage, toPageRequest } from './page-glue.js';
import { resourceRoutes } from './routes/resource-routes.js';

/** The Hono app of the example (on Node): the library's auth and user routes, its own resource routes, pages, one error handler. */
export function createApp({ auth, log, mailViewer, http, readiness }: AppParts): Hono {
  const app = new Hono();
  // Every log line written while a request runs carries its id; the client sees it as X-Request-Id.
  app.use(async (c, next) => {
    const requestId = chooseRequestId(c.req.header('x-request-id'));
    c.header('X-Request-Id', requestId);
    await runWithRequestId(requestId, next);
  });

  app.use('/api/*', securityHeaders(), cors(http.corsOrigins));
  // The OpenAPI document and its Swagger UI page, public, before the guarded routes.
  app.on(['GET', 'HEAD'], ['/api/v1/openapi.json', '/docs', '/docs/*'], (c) => {
    const page = handleApiDocs(toPageRequest(c));
    return page ? sendPage(c, page) : c.notFound();
  });
  const proxies = { getConnInfo, trustedProxies: http.trustedProxies, trustedProxyHops: http.trustedProxyHops };
  // Readiness for a load balancer: public, and nothing in it but dependency names and ok/unavailable.
  app.get('/api/v1/health/ready', async (c) => {
    const { status, body, headers } = await readiness.check();
    return jsonResponse(c, status, body, headers);
  });
  app.route('/api/v1/auth', authRoutes(auth, { pages: examplePages, ...proxies }));
  app.route('/api/v1', userRoutes(auth, proxies));
  app.route('/api/v1', resourceRoutes(auth));
  if (mailViewer) app.route('/', mailViewerRoutes(mailViewer));
  // Registered after the routes, so it only sees requests no route answered (as in the Express example).
  app.use(async (c, next) => {
    const pageRequest = toPageRequest(c);
    const page = handleDemoApp(pageRequest) ?? handleResetPasswordPage(pageRequest);
    if (page) return sendPage(c, page);
    await next();
  });

  app.notFound(notFound());
  app.onError(errorHandler(errorLog(log)));
  return app;
}
