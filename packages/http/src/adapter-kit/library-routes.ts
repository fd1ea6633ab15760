import { AUTH_ROUTES } from '../routes/auth-routes.js';
import { routeTable, type RouteTable } from '../kernel/route-table.js';
import { OAUTH_ROUTES } from '../routes/oauth-routes.js';
import type { Route } from '../routes/route.js';
import { USER_ROUTES } from '../routes/user-routes.js';

/**
 * The library's routes as the two tables an adapter mounts, compiled once for `kernel.dispatch`
 * (their `routes` for a framework that declares them itself): `auth` (CONTRACT §1 and social
 * sign-in) under `/api/v1/auth`, `users` (CONTRACT §8) under `/api/v1`.
 *
 * @example
 * const pending = kernel.dispatch(LIBRARY_ROUTES.auth, exchange);
 */
export const LIBRARY_ROUTES: { readonly auth: RouteTable<Route>; readonly users: RouteTable<Route> } = Object.freeze({
  auth: routeTable<Route>([...AUTH_ROUTES, ...OAUTH_ROUTES]),
  users: routeTable<Route>(USER_ROUTES),
});
