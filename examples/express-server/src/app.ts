import type { AppParts } from '@gatehouse/example-server-kit';
import { examplePages, handleDemoApp, handleResetPasswordPage } from '@gatehouse/example-server-kit';
import { authRouter, cors, errorHandler, normalizePath, notFound, securityHeaders } from '@gatehouse/express';
import express, { type Express } from 'express';
import { describeError } from '@gatehouse/example-server-kit';
import { mailhogRouter } from './dev-mail/mailhog-router.js';
import { sendPage, toPageRequest } from './page-glue.js';
import { resourceRoutes } from './routes/resource-routes.js';

/** The Express app of the example: auth routes, resource routes, pages, one error handler. */
export function createApp({ auth, log, mailViewer, http }: AppParts): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // Mount paths match exactly too, like the routes of secureRouter and like Hono: no `/API/...`.
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  // `/api/v1/%68ealth` is `/api/v1/health` (RFC 3986), as Hono routes it.
  app.use(normalizePath());

  app.use('/api', securityHeaders(), cors(http.corsOrigins));
  app.use('/api/v1/auth', authRouter(auth, { pages: examplePages, trustedProxyHops: http.trustedProxyHops }));
  app.use('/api/v1', resourceRoutes(auth));
  app.use((req, res, next) => {
    const pageRequest = toPageRequest(req);
    const page = handleDemoApp(pageRequest) ?? handleResetPasswordPage(pageRequest);
    if (page) sendPage(res, page);
    else next();
  });
  if (mailViewer) app.use('/mailhog', mailhogRouter(mailViewer));

  app.use(notFound());
  app.use(errorHandler((error) => log.error('unexpected error', describeError(error))));
  return app;
}
