import { anyOf, type Auth } from '@gatehousejs/core';
import { USER_ROUTES, requireVerifiedUser, queryFromUrl, parseTrustedProxies } from '@gatehousejs/http';
import { type Context, Hono } from 'hono';
import type { GetConnInfo } from 'hono/conninfo';
import type { StatusCode } from 'hono/utils/http-status';
import { routeAdmission } from './admission.js';
import { clientContext } from './client-context.js';
import type { GatehouseEnv } from './gatehouse-env.js';
import { jsonResponse } from './json-response.js';
import { guardRoutes } from './secure-routes.js';
import { tableRoute } from './table-route.js';

export interface UserRoutesOptions {
  bodyLimitBytes?: number;
  /** As in `authRoutes`: how this runtime tells the peer's address, for the audit trail. */
  getConnInfo?: GetConnInfo;
  /** As in `authRoutes`: proxies trusted to append to `X-Forwarded-For`. */
  trustedProxyHops?: number;
  /** As in `authRoutes`: the proxies by address and CIDR range (`10.0.0.0/8`). */
  trustedProxies?: string | readonly string[];
  /** As in `authRoutes`: the app's id for a request, for the audit events. */
  requestId?: (c: Context) => string | undefined;
}

/**
 * The user-management routes of CONTRACT §8 as a Hono app, deny by default (a route added to it is
 * guarded as on a `secureRoutes` app), so every one needs a valid access token: `GET /users/me`
 * (any signed-in user), and for `admin` or `super`: `GET /users`
 * (`limit`, `offset`, `role`), `GET /users/:id`, `PUT /users/:id/roles`, `DELETE /users/:id/sessions`.
 * Mount it at `/api/v1` on an app that uses `errorHandler()` and `notFound()`.
 *
 * @example
 * app.route('/api/v1/auth', authRoutes(auth, { getConnInfo }));
 * app.route('/api/v1', userRoutes(auth, { getConnInfo }));
 */
export function userRoutes(auth: Auth<string>, options: UserRoutesOptions = {}): Hono<GatehouseEnv> {
  const app = new Hono<GatehouseEnv>();
  const trustedProxies = options.trustedProxies === undefined ? undefined : parseTrustedProxies(options.trustedProxies);
  const client = { ...options, trustedProxies };
  const admit = routeAdmission(auth, options.bodyLimitBytes);
  for (const route of USER_ROUTES) {
    const answer = async (c: Context<GatehouseEnv>) => {
      const result = await route.handle(auth, {
        user: requireVerifiedUser(c),
        params: c.req.param(),
        query: queryFromUrl(c.req.url),
        body: c.get('body'),
        client: clientContext(c, client),
      });
      if (result.body === undefined) return c.body(null, result.status as StatusCode);
      return jsonResponse(c, result.status, result.body);
    };
    const access = route.allowsUnconfirmed ? 'unconfirmed-allowed' : 'protected';
    const roles = route.roles ? anyOf<string>(...route.roles) : undefined;
    app.on(route.method, route.path, tableRoute(admit, { access, roles }, answer));
  }
  // Deny by default for any route an app adds to this one.
  guardRoutes(app, auth, options);
  return app;
}
