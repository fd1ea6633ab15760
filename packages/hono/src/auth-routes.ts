import type { Auth } from '@gatehousejs/core';
import { AUTH_ROUTES, OAUTH_ROUTES, queryFromUrl, parseTrustedProxies, type AuthPages } from '@gatehousejs/http';
import { type Context, Hono } from 'hono';
import type { GetConnInfo } from 'hono/conninfo';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import { routeAdmission } from './admission.js';
import { clientContext } from './client-context.js';
import type { GatehouseEnv } from './gatehouse-env.js';
import { jsonResponse } from './json-response.js';
import { guardRoutes } from './secure-routes.js';
import { mountSocialRoutes } from './social-routes.js';
import { tableRoute } from './table-route.js';

export interface AuthRoutesOptions {
  bodyLimitBytes?: number;
  /** Answers a browser that follows the mail's confirmation link with a page; API clients keep JSON. */
  pages?: AuthPages;
  /**
   * How this runtime tells the TCP peer's address: `getConnInfo` from `@hono/node-server/conninfo`,
   * `hono/bun`, `hono/deno` or `hono/cloudflare-workers`. The web-standard `Request` does not carry
   * it; without it, rate limits per client address do not apply.
   */
  getConnInfo?: GetConnInfo;
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
  requestId?: (c: Context) => string | undefined;
}

/**
 * The `/api/v1/auth` routes of CONTRACT §1 as a Hono app, deny by default: only the routes the
 * contract makes public skip the bearer token, and a route added to the app is guarded as on a
 * `secureRoutes` app. Mount it at `/api/v1/auth` on an app that uses
 * `errorHandler()` and `notFound()`.
 *
 * @example
 * import { getConnInfo } from '@hono/node-server/conninfo';
 * app.route('/api/v1/auth', authRoutes(auth, { getConnInfo }));
 */
export function authRoutes(auth: Auth<string>, options: AuthRoutesOptions = {}): Hono<GatehouseEnv> {
  const app = new Hono<GatehouseEnv>();
  // Parsed once, here: a typo in an address fails at start, not at the first request.
  const trustedProxies = options.trustedProxies === undefined ? undefined : parseTrustedProxies(options.trustedProxies);
  const client = { ...options, trustedProxies };
  const admit = routeAdmission(auth, options.bodyLimitBytes);
  for (const route of AUTH_ROUTES) {
    const answer = async (c: Context<GatehouseEnv>) => {
      const result = await route.handle(auth, {
        method: c.req.method,
        params: {},
        body: c.get('body'),
        query: queryFromUrl(c.req.url),
        user: c.get('user'),
        client: clientContext(c, client),
        accept: c.req.header('accept'),
        pages: options.pages,
        cookie: c.req.header('cookie'),
        origin: c.req.header('origin'),
        fetchSite: c.req.header('sec-fetch-site'),
      });
      // Cookie mode's session cookies: one Set-Cookie header each (until this adapter is on the kernel).
      for (const cookie of result.cookies ?? []) c.header('Set-Cookie', cookie, { append: true });
      const headers = result.headers ?? {};
      if (result.html !== undefined) return c.body(result.html, result.status as ContentfulStatusCode, headers);
      if (result.body === undefined) return c.body(null, result.status as StatusCode, headers);
      return jsonResponse(c, result.status, result.body, headers);
    };
    app.on(route.method, route.path, tableRoute(admit, { access: route.access === 'public' ? 'public' : 'protected' }, answer));
  }
  // Deny by default for everything declared after the table: the social routes, and any route an
  // app adds to this one.
  guardRoutes(app, auth, options);
  mountSocialRoutes(app, auth, OAUTH_ROUTES, client);
  return app;
}
