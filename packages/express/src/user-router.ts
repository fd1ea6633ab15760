import type { Auth } from '@gatehousejs/core';
import { USER_ROUTES } from '@gatehousejs/http';
import type { Router } from 'express';
import { tableRouter, type TableRouterOptions } from './table-router.js';

/** The options of `userRouter`: as `authRouter`'s (the client address goes to the audit trail). */
export type UserRouterOptions = Omit<TableRouterOptions, 'pages'>;

/**
 * The user-management routes of CONTRACT §8 as an Express router, deny by default (a route added to
 * it is guarded as on a `secureRouter`), so every one needs a valid access token: `GET /users/me`
 * (any signed-in user), and for `admin` or `super`: `GET /users` (`limit`, `offset`, `role`),
 * `GET /users/:id`, `PUT /users/:id/roles`, `DELETE /users/:id/sessions`. Mount it at `/api/v1`.
 *
 * @example
 * app.use('/api/v1/auth', authRouter(auth));
 * app.use('/api/v1', userRouter(auth));
 */
export function userRouter(auth: Auth<string>, options: UserRouterOptions = {}): Router {
  return tableRouter(auth, USER_ROUTES, options);
}
