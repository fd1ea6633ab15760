import type { Auth } from '@gatehousejs/core';
import { AUTH_ROUTES, OAUTH_ROUTES, parseTrustedProxies, type AuthPages } from '@gatehousejs/http';
import express, { type Request, type Router } from 'express';
import { routeAdmission } from './admission.js';
import { clientContext } from './client-context.js';
import { sendJson } from './send-json.js';
import { guardRouter } from './secure-router.js';
import { mountSocialRoutes } from './social-routes.js';
import { tableRoutes, type TableRoute } from './table-routes.js';

export interface AuthRouterOptions {
  bodyLimitBytes?: number;
  /** Answers a browser that follows the mail's confirmation link with a page; API clients keep JSON. */
  pages?: AuthPages;
  /**
   * The reverse proxies in front of the app, by address: IPs, CIDR ranges (`10.0.0.0/8`) and the
   * names `loopback`, `private`, `linklocal`. `X-Forwarded-For` is read only through hops from these
   * addresses, so a client that reaches the app directly cannot choose its address. Rate limits
   * count per client address. Default: none (the header is ignored).
   */
  trustedProxies?: string | readonly string[];
  /**
   * Reverse proxies in front of the app that append to `X-Forwarded-For` (default 0: the header is
   * ignored and the socket address is the client). With `trustedProxies`, the most hops read.
   */
  trustedProxyHops?: number;
  /**
   * The app's id for a request (e.g. the `X-Request-Id` it answers with), passed to core so the
   * request's audit events carry it as `requestId`. Default: none.
   */
  requestId?: (req: Request) => string | undefined;
}

/**
 * The `/api/v1/auth` routes of CONTRACT §1 as an Express router, deny by default: only the routes
 * the contract makes public skip the bearer token, and a route added to the router is guarded as on
 * a `secureRouter`. Mount it at `/api/v1/auth`.
 * With `pages`, a browser that follows the mail's confirmation link gets a page; API clients keep
 * getting JSON.
 *
 * @example
 * app.use('/api/v1/auth', authRouter(auth));
 */
export function authRouter(auth: Auth<string>, options: AuthRouterOptions = {}): Router {
  // Parsed once, here: a typo in an address fails at start, not at the first request.
  const trustedProxies = options.trustedProxies === undefined ? undefined : parseTrustedProxies(options.trustedProxies);
  const client = { ...options, trustedProxies };
  const table = AUTH_ROUTES.map(
    (route): TableRoute => ({
      method: route.method,
      path: route.path,
      access: route.access === 'public' ? 'public' : 'protected',
      answer: async (req, res) => {
        const result = await route.handle(auth, {
          method: req.method,
          params: {},
          body: req.body,
          query: req.query as Record<string, unknown>,
          user: req.user,
          client: clientContext(req, client),
          accept: req.get('accept'),
          pages: options.pages,
        });
        if (result.headers) res.set(result.headers);
        if (result.html !== undefined) res.status(result.status).send(result.html);
        else if (result.body === undefined) res.status(result.status).end();
        else sendJson(res, result.status, result.body);
      },
    }),
  );
  const router = express.Router({ caseSensitive: true, strict: true });
  router.use(tableRoutes(routeAdmission(auth, options.bodyLimitBytes), table));
  // Deny by default for everything declared after the table: the social routes, and any route an
  // app adds to this router.
  guardRouter(router, auth, options);
  mountSocialRoutes(router, auth, OAUTH_ROUTES, client);
  return router;
}
