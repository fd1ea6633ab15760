import { handleMailViewerRequest, type MailCatcher } from '@gatehousejs/example-server-kit';
import { Hono, type Handler } from 'hono';
import { sendPage, toPageRequest } from '../page-glue.js';

/**
 * The development mail viewer of the kit, as a Hono app to mount at `basePath` (`/mailhog`).
 * Everything here exposes live tokens: mount it only when the catcher is the mail transport, never
 * in production.
 *
 * @example
 * app.route('/', mailViewerRoutes(catcher));
 */
export function mailViewerRoutes(catcher: Pick<MailCatcher, 'messages' | 'clear'>, basePath = '/mailhog'): Hono {
  const serve: Handler = async (c, next) => {
    const page = handleMailViewerRequest(catcher, toPageRequest(c, basePath));
    if (page) return sendPage(c, page);
    await next();
  };
  return new Hono().all(basePath, serve).all(`${basePath}/*`, serve);
}
