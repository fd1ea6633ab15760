import type { AppParts } from '@gatehousejs/example-server-kit';
import { examplePages, handleApiDocs, handleDemoApp, handleResetPasswordPage } from '@gatehousejs/example-server-kit';
import { authRouter, errorHandler, normalizePath, notFound, userRouter } from '@gatehousejs/express';
import express, { type ErrorRequestHandler, type Express, type Request } from 'express';
import { errorLog } from '@gatehousejs/example-server-kit';
import { requestIdOf } from '@gatehousejs/http/node';
import { mailhogRouter } from './dev-mail/mailhog-router.js';
import { sendPage, toPageRequest } from './page-glue.js';
import { resourceRoutes } from './routes/resource-routes.js';

/** The id set on Node's response below Express (`withApiHeaders` of `@gatehousejs/http/node`, mounted by the kit), for the audit events and the error log. */
const requestId = (req: Request) => (req.res ? requestIdOf(req.res) : undefined);

/** The Express app of the example: the library's auth and user routes (readiness among them), its own resource routes, pages, one error handler. */
export function createApp({ auth, log, mailViewer, http }: AppParts): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // Mount paths match exactly too, like the routes of secureRouter and like Hono: no `/API/...`.
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  // The request id, the security headers and CORS are set on Node's response before Express runs
  // (`withApiHeaders` of `@gatehousejs/http/node`, mounted by the kit): one implementation for both examples.
  // `/api/v1/%68ealth` is `/api/v1/health` (RFC 3986), as Hono routes it.
  app.use(normalizePath());
  // The OpenAPI document and its Swagger UI page, public, before the guarded routers: routes, not a
  // middleware, so the API's own requests do not pass through them.
  app.get(['/api/v1/openapi.json', '/docs', '/docs/*file'], (req, res, next) => {
    const page = handleApiDocs(toPageRequest(req));
    if (page) sendPage(res, page);
    else next();
  });
  const proxies = { trustedProxies: http.trustedProxies, trustedProxyHops: http.trustedProxyHops, requestId };
  app.use('/api/v1/auth', authRouter(auth, { pages: examplePages, ...proxies }));
  app.use('/api/v1', userRouter(auth, proxies));
  app.use('/api/v1', resourceRoutes(auth));
  app.use((req, res, next) => {
    const pageRequest = toPageRequest(req);
    const page = handleDemoApp(pageRequest, { cookies: auth.config.cookies.enabled }) ?? handleResetPasswordPage(pageRequest);
    if (page) sendPage(res, page);
    else next();
  });
  if (mailViewer) app.use('/mailhog', mailhogRouter(mailViewer));

  app.use(notFound());
  const handleError: ErrorRequestHandler = (error, req, res, next) => errorHandler(errorLog(log, requestId(req)))(error, req, res, next);
  app.use(handleError);
  return app;
}
