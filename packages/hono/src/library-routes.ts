import type { Auth } from '@gatehousejs/core';
import { createKernel, LIBRARY_ROUTES, type KernelOptions } from '@gatehousejs/http';
import { Hono, type Handler } from 'hono';
import { honoExchange, type ExchangeOptions } from './exchange.js';
import type { GatehouseEnv } from './gatehouse-env.js';
import { guards } from './guard.js';
import { guardRoutes } from './secure-routes.js';

/**
 * The options of `authRoutes`: `bodyLimitBytes` (default 16 KiB), `pages` (a browser that follows
 * the mail's confirmation link gets a page), the proxy setting (`trustedProxies` by address or
 * CIDR, `trustedProxyHops` by count: `X-Forwarded-For` is read only through them), `requestId`, and
 * `getConnInfo` where the runtime is not Node (`hono/bun`, `hono/deno`, …): on Node the peer's
 * address is read from the socket without it.
 */
export interface AuthRoutesOptions extends KernelOptions, ExchangeOptions {}

/** The options of `userRoutes`: as `authRoutes`'s (the client address goes to the audit trail). */
export type UserRoutesOptions = Omit<AuthRoutesOptions, 'pages'>;

/**
 * A Hono app that serves a library route table through the kernel: each route declared with Hono
 * (so Hono routes it, HEAD by GET included) as one handler carrying the markers its annotations
 * would (`markRoute`); whatever an app adds after is guarded as on a `secureRoutes` app.
 */
export function tableRoutes(auth: Auth<string>, table: typeof LIBRARY_ROUTES.auth, options: AuthRoutesOptions): Hono<GatehouseEnv> {
  const kernel = createKernel(auth, options);
  const app = new Hono<GatehouseEnv>();
  for (const route of table.routes) {
    const handler: Handler<GatehouseEnv> = (c) => kernel.serve(route, honoExchange(c, options));
    app.on(route.method, route.path, guards.markRoute(handler, route));
  }
  return guardRoutes(app, kernel);
}

/**
 * The `/api/v1/auth` routes of CONTRACT §1 and the social sign-in routes, deny by default: only the
 * routes the contract makes public skip the bearer token. Mount it at `/api/v1/auth` on an app that
 * uses `errorHandler()` and `notFound()`.
 *
 * @example
 * app.route('/api/v1/auth', authRoutes(auth, { trustedProxies: 'loopback' }));
 */
export function authRoutes(auth: Auth<string>, options: AuthRoutesOptions = {}): Hono<GatehouseEnv> {
  return tableRoutes(auth, LIBRARY_ROUTES.auth, options);
}

/**
 * The user-management routes of CONTRACT §8, each needing a valid access token: `GET /users/me`,
 * and for `admin` or `super` the rest (`GET /users`, `GET /users/:id`, `PUT /users/:id/roles`, …).
 * Mount it at `/api/v1` on an app that uses `errorHandler()` and `notFound()`.
 *
 * @example
 * app.route('/api/v1/auth', authRoutes(auth));
 * app.route('/api/v1', userRoutes(auth));
 */
export function userRoutes(auth: Auth<string>, options: UserRoutesOptions = {}): Hono<GatehouseEnv> {
  return tableRoutes(auth, LIBRARY_ROUTES.users, options);
}
