import type { Auth } from '@gatehousejs/core';
import { adapterKit as kit } from '@gatehousejs/http/adapter';
import type { KernelOptions } from '@gatehousejs/http';
import { Hono, type Handler } from 'hono';
import { honoExchange, type ExchangeOptions } from './exchange.js';
import type { GatehouseEnv } from './gatehouse-env.js';
import { guards } from './guard.js';
import { guardRoutes } from './secure-routes.js';

/** The options of `authRoutes` (docs/configuration.md): the kernel's, `requestId`, and `getConnInfo` off Node (`hono/bun`, …). */
export interface AuthRoutesOptions extends KernelOptions, ExchangeOptions {}

/** The options of `userRoutes`: as `authRoutes`'s (the client address goes to the audit trail). */
export type UserRoutesOptions = Omit<AuthRoutesOptions, 'pages'>;

/**
 * A Hono app serving a library table through the kernel: each route declared with Hono (HEAD by GET
 * included) as one handler marked as its annotations say; what an app adds after is guarded as on `secureRoutes`.
 */
export function tableRoutes(auth: Auth<string>, table: typeof kit.LIBRARY_ROUTES.auth, options: AuthRoutesOptions): Hono<GatehouseEnv> {
  const kernel = kit.createKernel(auth, options);
  const app = new Hono<GatehouseEnv>();
  for (const route of table.routes) {
    const handler: Handler<GatehouseEnv> = (c) => kernel.serve(route, honoExchange(c, options));
    app.on(route.method, route.path, guards.markRoute(handler, route));
  }
  return guardRoutes(app, kernel);
}

/**
 * The `/api/v1/auth` routes of CONTRACT §1 and social sign-in, deny by default (docs/hono.md).
 * @example app.route('/api/v1/auth', authRoutes(auth, { trustedProxies: 'loopback' }));
 */
export function authRoutes(auth: Auth<string>, options: AuthRoutesOptions = {}): Hono<GatehouseEnv> {
  return tableRoutes(auth, kit.LIBRARY_ROUTES.auth, options);
}

/**
 * The user-management routes of CONTRACT §8 (`/users/me`, and for `admin` or `super` the rest); mount it at `/api/v1`.
 * @example app.route('/api/v1', userRoutes(auth));
 */
export function userRoutes(auth: Auth<string>, options: UserRoutesOptions = {}): Hono<GatehouseEnv> {
  return tableRoutes(auth, kit.LIBRARY_ROUTES.users, options);
}
