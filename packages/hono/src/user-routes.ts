import type { Auth } from '@gatehousejs/core';
import { USER_ROUTES } from '@gatehousejs/http';
import type { Hono } from 'hono';
import type { GatehouseEnv } from './gatehouse-env.js';
import { tableRoutes, type TableRoutesOptions } from './table-routes.js';

/** The options of `userRoutes`: as `authRoutes`'s (the client address goes to the audit trail). */
export type UserRoutesOptions = Omit<TableRoutesOptions, 'pages'>;

/**
 * The user-management routes of CONTRACT §8 as a Hono app, deny by default (a route added to it is
 * guarded as on a `secureRoutes` app), so every one needs a valid access token: `GET /users/me`
 * (any signed-in user), and for `admin` or `super`: `GET /users` (`limit`, `offset`, `role`),
 * `GET /users/:id`, `PUT /users/:id/roles`, `DELETE /users/:id/sessions`. Mount it at `/api/v1` on
 * an app that uses `errorHandler()` and `notFound()`.
 *
 * @example
 * app.route('/api/v1/auth', authRoutes(auth));
 * app.route('/api/v1', userRoutes(auth));
 */
export function userRoutes(auth: Auth<string>, options: UserRoutesOptions = {}): Hono<GatehouseEnv> {
  return tableRoutes(auth, USER_ROUTES, options);
}
