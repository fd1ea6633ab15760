import type { Auth } from '@gatehousejs/core';
import { AUTH_ROUTES, OAUTH_ROUTES } from '@gatehousejs/http';
import type { Router } from 'express';
import { tableRouter, type TableRouterOptions } from './table-router.js';

/**
 * The options of `authRouter`: `bodyLimitBytes` (default 16 KiB), `pages` (a browser that follows
 * the mail's confirmation link gets a page), the proxy setting (`trustedProxies` by address or
 * CIDR, `trustedProxyHops` by count: `X-Forwarded-For` is read only through them, else the socket's
 * address is the client) and `requestId`.
 */
export type AuthRouterOptions = TableRouterOptions;

/**
 * The `/api/v1/auth` routes of CONTRACT §1 and the social sign-in routes as an Express router,
 * deny by default: only the routes the contract makes public skip the bearer token, and a route
 * added to the router is guarded as on a `secureRouter`. Mount it at `/api/v1/auth`.
 *
 * @example
 * app.use('/api/v1/auth', authRouter(auth, { trustedProxies: 'loopback' }));
 */
export function authRouter(auth: Auth<string>, options: AuthRouterOptions = {}): Router {
  return tableRouter(auth, [...AUTH_ROUTES, ...OAUTH_ROUTES], options);
}
