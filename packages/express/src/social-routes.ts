import type { Auth } from '@gatehousejs/core';
import { assertIdentityEncoding, markFormBody, parseFormBody, type SocialRoute } from '@gatehousejs/http';
import type { RequestHandler, Router } from 'express';
import { clientContext, type ClientContextOptions } from './client-context.js';
import { publicRoute } from './guard.js';
import { headerValue } from './header-value.js';
import { formParsedBefore } from './parsed-before.js';
import { readBodyBytes } from './read-body.js';

/**
 * Reads an `application/x-www-form-urlencoded` body (Apple's form_post callback) into `req.body` as
 * `URLSearchParams`, under the same size and encoding rules as the JSON body: 413, 415 for another
 * media type or a compressed body. Marked, so the `secureRouter` guard leaves this route's body to it.
 */
function formBody(limitBytes: number): RequestHandler {
  return markFormBody<RequestHandler>((req, _res, next) => {
    try {
      assertIdentityEncoding(headerValue(req, 'content-encoding'));
      // An app's `express.urlencoded()` (or `text()`/`raw()`) before the router already read it.
      if (req.readableEnded) {
        req.body = formParsedBefore(req, limitBytes);
        return next();
      }
    } catch (error) {
      return next(error);
    }
    readBodyBytes(req, limitBytes)
      .then((bytes) => {
        req.body = parseFormBody(headerValue(req, 'content-type'), bytes);
      })
      .then(() => next(), next);
  });
}

/** Mounts social routes on a `secureRouter`; a form route (the form_post callback) gets the form reader. */
export function mountSocialRoutes(
  router: Router,
  auth: Auth<string>,
  routes: readonly SocialRoute[],
  options: ClientContextOptions & { bodyLimitBytes?: number | undefined },
): void {
  const readForm = formBody(options.bodyLimitBytes ?? 16 * 1024);
  for (const route of routes) {
    const handler: RequestHandler = async (req, res) => {
      const query = req.query as Record<string, unknown>;
      const queryString = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
      const result = await route.handle(auth, {
        body: req.body,
        query,
        params: req.params as Record<string, string>,
        user: req.user,
        cookie: headerValue(req, 'cookie'),
        parameters: route.body === 'form' ? (req.body as URLSearchParams) : new URLSearchParams(queryString),
        client: clientContext(req, options),
      });
      if (result.headers) res.set(result.headers);
      if (result.body === undefined) res.status(result.status).end();
      else res.status(result.status).json(result.body);
    };
    const handlers = [...(route.access === 'public' ? [publicRoute] : []), ...(route.body === 'form' ? [readForm] : []), handler];
    if (route.method === 'GET') router.get(route.path, ...handlers);
    else router.post(route.path, ...handlers);
  }
}
