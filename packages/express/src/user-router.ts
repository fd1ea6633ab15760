import { anyOf, type Auth } from '@gatehousejs/core';
import { USER_ROUTES, requireVerifiedUser, parseTrustedProxies } from '@gatehousejs/http';
import type { Request, RequestHandler, Router } from 'express';
import { clientContext } from './client-context.js';
import { requireRoles, unconfirmedAllowed } from './guard.js';
import { secureRouter } from './secure-router.js';

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
 * The user-management routes of CONTRACT §8 as an Express router, on `secureRouter`, so every one
 * needs a valid access token: `GET /users/me` (any signed-in user), and for `admin` or `super`:
 * `GET /users` (`limit`, `offset`, `role`), `GET /users/:id`, `PUT /users/:id/roles`,
 * `DELETE /users/:id/sessions`. Mount it at `/api/v1`, next to your own routes.
 *
 * @example
 * app.use('/api/v1/auth', authRouter(auth));
 * app.use('/api/v1', userRouter(auth));
 */
export function userRouter(auth: Auth<string>, options: UserRouterOptions = {}): Router {
  const router = secureRouter(auth, options);
  const trustedProxies = options.trustedProxies === undefined ? undefined : parseTrustedProxies(options.trustedProxies);
  const client = { ...options, trustedProxies };
  for (const route of USER_ROUTES) {
    const handler: RequestHandler = async (req, res) => {
      const result = await route.handle(auth, {
        user: requireVerifiedUser(req),
        params: req.params as Record<string, string>,
        query: req.query as Record<string, unknown>,
        body: req.body,
        client: clientContext(req, client),
      });
      if (result.body === undefined) res.status(result.status).end();
      else res.status(result.status).json(result.body);
    };
    const handlers = [
      ...(route.roles ? [requireRoles(anyOf<string>(...route.roles), undefined)] : []),
      ...(route.allowsUnconfirmed ? [unconfirmedAllowed] : []),
      handler,
    ];
    if (route.method === 'GET') router.get(route.path, ...handlers);
    else if (route.method === 'PUT') router.put(route.path, ...handlers);
    else router.delete(route.path, ...handlers);
  }
  return router;
}
