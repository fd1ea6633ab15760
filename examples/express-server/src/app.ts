import type { Auth } from '@gatehouse/core';
import { authRouter, errorHandler, notFound, securityHeaders } from '@gatehouse/express';
import express, { type Express, type Router } from 'express';
import { describeError, type Logger } from './logger.js';
import { resetPasswordPage } from './pages/reset-password-page.js';
import { resourceRoutes } from './routes/resource-routes.js';

export interface AppParts {
  auth: Auth;
  log: Logger;
  /** The development mail viewer, mounted at /mailhog when present. */
  mailViewer?: Router | undefined;
}

/** The Express app of the example: auth routes, resource routes, pages, one error handler. */
export function createApp({ auth, log, mailViewer }: AppParts): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use('/api', securityHeaders());
  app.use('/api/v1/auth', authRouter(auth));
  app.use('/api/v1', resourceRoutes(auth));
  app.use(resetPasswordPage());
  if (mailViewer) app.use('/mailhog', mailViewer);

  app.use(notFound());
  app.use(errorHandler((error) => log.error('unexpected error', describeError(error))));
  return app;
}
