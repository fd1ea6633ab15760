import { describeError, examplePages, handleDemoApp, handleResetPasswordPage, type AppParts } from '@gatehouse/example-server-kit';
import { authRoutes, cors, errorHandler, notFound, securityHeaders } from '@gatehouse/hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { mailViewerRoutes } from './dev-mail/mail-viewer-routes.js';
import { sendPage, toPageRequest } from './page-glue.js';
import { resourceRoutes } from './routes/resource-routes.js';

/** The Hono app of the example (on Node): auth routes, resource routes, pages, one error handler. */
export function createApp({ auth, log, mailViewer, http }: AppParts): Hono {
  const app = new Hono();

  app.use('/api/*', securityHeaders(), cors(http.corsOrigins));
  app.route('/api/v1/auth', authRoutes(auth, { pages: examplePages, getConnInfo, trustedProxyHops: http.trustedProxyHops }));
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
  app.onError(errorHandler((error) => log.error('unexpected error', describeError(error))));
  return app;
}
