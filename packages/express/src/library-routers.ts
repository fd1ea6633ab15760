import type { Auth } from '@gatehousejs/core';
import { createKernel, LIBRARY_ROUTES, type KernelOptions } from '@gatehousejs/http';
import type { Request, Router } from 'express';
import { expressExchange } from './exchange.js';
import { guardRouter, strictRouter } from './secure-router.js';

/**
 * The options of `authRouter`: `bodyLimitBytes` (default 16 KiB), `pages` (a browser that follows
 * the mail's confirmation link gets a page), the proxy setting (`trustedProxies` by address or
 * CIDR, `trustedProxyHops` by count: `X-Forwarded-For` is read only through them, else the socket's
 * address is the client) and `requestId` (the app's id for a request, for the audit events).
 */
export interface AuthRouterOptions extends KernelOptions {
  requestId?: (req: Request) => string | undefined;
}

/** The options of `userRouter`: as `authRouter`'s (the client address goes to the audit trail). */
export type UserRouterOptions = Omit<AuthRouterOptions, 'pages'>;

/**
 * A router that serves a library route table through the kernel (a request the table matches is
 * admitted, dispatched and answered there), then guards whatever an app adds to it, as a `secureRouter`.
 */
export function tableRouter(auth: Auth<string>, table: typeof LIBRARY_ROUTES.auth, options: AuthRouterOptions): Router {
  const kernel = createKernel(auth, options);
  const router = strictRouter();
  router.use((req, res, next) => {
    const pending = kernel.dispatch(table, expressExchange(req, res, options.requestId?.(req)));
    if (!pending) return next();
    pending.catch(next);
  });
  return guardRouter(router, kernel);
}

/**
 * The `/api/v1/auth` routes of CONTRACT §1 and the social sign-in routes, deny by default: only the
 * routes the contract makes public skip the bearer token. Mount it at `/api/v1/auth`.
 *
 * @example
 * app.use('/api/v1/auth', authRouter(auth, { trustedProxies: 'loopback' }));
 */
export function authRouter(auth: Auth<string>, options: AuthRouterOptions = {}): Router {
  return tableRouter(auth, LIBRARY_ROUTES.auth, options);
}

/**
 * The user-management routes of CONTRACT §8, each needing a valid access token: `GET /users/me`,
 * and for `admin` or `super` the rest (`GET /users`, `GET /users/:id`, `PUT /users/:id/roles`, …).
 * Mount it at `/api/v1`.
 *
 * @example
 * app.use('/api/v1/auth', authRouter(auth));
 * app.use('/api/v1', userRouter(auth));
 */
export function userRouter(auth: Auth<string>, options: UserRouterOptions = {}): Router {
  return tableRouter(auth, LIBRARY_ROUTES.users, options);
}
