import type { Auth } from '@gatehousejs/core';
import { AUTH_ROUTES, OAUTH_ROUTES } from '@gatehousejs/http';
import type { Hono } from 'hono';
import type { GatehouseEnv } from './gatehouse-env.js';
import { tableRoutes, type TableRoutesOptions } from './table-routes.js';

/**
 * The options of `authRoutes`: `bodyLimitBytes` (default 16 KiB), `pages` (a browser that follows
 * the mail's confirmation link gets a page), the proxy setting (`trustedProxies` by address or
 * CIDR, `trustedProxyHops` by count: `X-Forwarded-For` is read only through them), `requestId`, and
 * `getConnInfo` where the runtime is not Node (`hono/bun`, `hono/deno`, …): on Node the peer's
 * address is read from the socket without it.
 */
export type AuthRoutesOptions = TableRoutesOptions;

/**
 * The `/api/v1/auth` routes of CONTRACT §1 and the social sign-in routes as a Hono app, deny by
 * default: only the routes the contract makes public skip the bearer token, and a route added to
 * the app is guarded as on a `secureRoutes` app. Mount it at `/api/v1/auth` on an app that uses
 * `errorHandler()` and `notFound()`.
 *
 * @example
 * app.route('/api/v1/auth', authRoutes(auth, { trustedProxies: 'loopback' }));
 */
export function authRoutes(auth: Auth<string>, options: AuthRoutesOptions = {}): Hono<GatehouseEnv> {
  return tableRoutes(auth, [...AUTH_ROUTES, ...OAUTH_ROUTES], options);
}
