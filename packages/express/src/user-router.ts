import { anyOf, type Auth } from '@gatehousejs/core';
import { USER_ROUTES, requireVerifiedUser, parseTrustedProxies } from '@gatehousejs/http';
import express, { type Request, type Router } from 'express';
import { routeAdmission } from './admission.js';
import { clientContext } from './client-context.js';
import { sendJson } from './send-json.js';
import { guardRouter } from './secure-router.js';
import { tableRoutes, type TableRoute } from './table-routes.js';

export interface UserRouterOptions {
  bodyLimitBytes?: number;
  /** As in `authRouter`: proxies trusted to append to `X-Forwarded-For`, for the audit trail's client address. */
  trustedProxyHops?: number;
  /** As in `authRouter`: the proxies by address and CIDR range (`10.0.0.0/8`). */
  trustedProxies?: string | readonly string[];
  /** As in `authRouter`: the app's id for a request, for the audit events. */
  requestId?: (req: Request) => string | undefined;
}

/**
 * The user-management routes of CONTRACT §8 as an Express router, deny by default (a route added to
 * it is guarded as on a `secureRouter`), so every one needs a valid access token: `GET /users/me` (any signed-in user), and for `admin` or `super`:
 * `GET /users` (`limit`, `offset`, `role`), `GET /users/:id`, `PUT /users/:id/roles`,
 * `DELETE /users/:id/sessions`. Mount it at `/api/v1`, next to your own routes.
 *
 * @example
 * app.use('/api/v1/auth', authRouter(auth));
 * app.use('/api/v1', userRouter(auth));
 */
export function userRouter(auth: Auth<string>, options: UserRouterOptions = {}): Router {
  const trustedProxies = options.trustedProxies === undefined ? undefined : parseTrustedProxies(options.trustedProxies);
  const client = { ...options, trustedProxies };
  const table = USER_ROUTES.map(
    (route): TableRoute => ({
      method: route.method,
      path: route.path,
      access: route.allowsUnconfirmed ? 'unconfirmed-allowed' : 'protected',
      roles: route.roles ? anyOf<string>(...route.roles) : undefined,
      answer: async (req, res, params) => {
        const result = await route.handle(auth, {
          user: requireVerifiedUser(req),
          params,
          query: req.query as Record<string, unknown>,
          body: req.body,
          client: clientContext(req, client),
        });
        if (result.body === undefined) res.status(result.status).end();
        else sendJson(res, result.status, result.body);
      },
    }),
  );
  const router = express.Router({ caseSensitive: true, strict: true });
  router.use(tableRoutes(routeAdmission(auth, options.bodyLimitBytes), table));
  // Deny by default for any route an app adds to this router.
  guardRouter(router, auth, options);
  return router;
}
