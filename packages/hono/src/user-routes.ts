import { anyOf, type Auth } from '@gatehousejs/core';
import { USER_ROUTES, requireVerifiedUser, queryFromSearchParams, parseTrustedProxies } from '@gatehousejs/http';
import type { Context, Handler, Hono } from 'hono';
import type { GetConnInfo } from 'hono/conninfo';
import type { StatusCode } from 'hono/utils/http-status';
import { clientContext } from './client-context.js';
import type { GatehouseEnv } from './gatehouse-env.js';
import { requireRoles, unconfirmedAllowed } from './guard.js';
import { jsonResponse } from './json-response.js';
import { secureRoutes } from './secure-routes.js';

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
 * The user-management routes of CONTRACT §8 as a `secureRoutes` app, so every one needs a valid
 * access token: `GET /users/me` (any signed-in user), and for `admin` or `super`: `GET /users`
 * (`limit`, `offset`, `role`), `GET /users/:id`, `PUT /users/:id/roles`, `DELETE /users/:id/sessions`.
 * Mount it at `/api/v1` on an app that uses `errorHandler()` and `notFound()`.
 *
 * @example
 * app.route('/api/v1/auth', authRoutes(auth, { getConnInfo }));
 * app.route('/api/v1', userRoutes(auth, { getConnInfo }));
 */
export function userRoutes(auth: Auth<string>, options: UserRoutesOptions = {}): Hono<GatehouseEnv> {
  const app = secureRoutes(auth, options);
  const trustedProxies = options.trustedProxies === undefined ? undefined : parseTrustedProxies(options.trustedProxies);
  const client = { ...options, trustedProxies };
  for (const route of USER_ROUTES) {
    const handler: Handler<GatehouseEnv> = async (c) => {
      const result = await route.handle(auth, {
        user: requireVerifiedUser(c),
        params: c.req.param(),
        query: queryFromSearchParams(new URL(c.req.url).searchParams),
        body: c.get('body'),
        client: clientContext(c, client),
      });
      if (result.body === undefined) return c.body(null, result.status as StatusCode);
      return jsonResponse(c, result.status, result.body);
    };
    const handlers = [
      ...(route.roles ? [requireRoles(anyOf<string>(...route.roles), undefined)] : []),
      ...(route.allowsUnconfirmed ? [unconfirmedAllowed] : []),
      handler,
    ];
    app.on(route.method, route.path, ...(handlers as [Handler<GatehouseEnv>]));
  }
  return app;
}
