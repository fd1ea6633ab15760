import { handleMailViewerRequest, type MailCatcher } from '@gatehousejs/example-server-kit';
import express, { type Router } from 'express';
import { sendPage, toPageRequest } from '../page-glue.js';

/**
 * The development mail viewer of the kit, mounted with Express at `/mailhog`. Everything here
 * exposes live tokens: mount it only when the catcher is the mail transport, never in production.
 *
 * @example
 * app.use('/mailhog', mailhogRouter(catcher));
 */
export function mailhogRouter(catcher: Pick<MailCatcher, 'messages' | 'clear'>): Router {
  const router = express.Router();
  router.use((req, res, next) => {
    const page = handleMailViewerRequest(catcher, toPageRequest(req));
    if (page) sendPage(res, page);
    else next();
  });
  return router;
}
