import type { Auth } from '@gatehousejs/core';
import { adapterKit as kit } from '@gatehousejs/http/adapter';
import type { KernelOptions } from '@gatehousejs/http';
import type { Request, Router } from 'express';
import { expressExchange } from './exchange.js';
import { guardRouter, strictRouter } from './secure-router.js';

/** The options of `authRouter` (docs/configuration.md): the kernel's, and `requestId`, the app's id for a request in the audit events. */
export interface AuthRouterOptions extends KernelOptions {
  requestId?: (req: Request) => string | undefined;
}

/** The options of `userRouter`: as `authRouter`'s (the client address goes to the audit trail). */
export type UserRouterOptions = Omit<AuthRouterOptions, 'pages'>;

/** A router serving a library table from one middleware through the kernel, then guarding what an app adds, as a `secureRouter`. */
export function tableRouter(auth: Auth<string>, table: typeof kit.LIBRARY_ROUTES.auth, options: AuthRouterOptions): Router {
  const kernel = kit.createKernel(auth, options);
  const router = strictRouter();
  router.use((req, res, next) => {
    const pending = kernel.dispatch(table, expressExchange(req, res, options.requestId?.(req)));
    if (!pending) return next();
    pending.catch(next);
  });
  return guardRouter(router, kernel);
}

/**
 * The `/api/v1/auth` routes of CONTRACT §1 and social sign-in, deny by default (docs/express.md).
 * @example app.use('/api/v1/auth', authRouter(auth, { trustedProxies: 'loopback' }));
 */
export function authRouter(auth: Auth<string>, options: AuthRouterOptions = {}): Router {
  return tableRouter(auth, kit.LIBRARY_ROUTES.auth, options);
}

/**
 * The user-management routes of CONTRACT §8 (`/users/me`, and for `admin` or `super` the rest); mount it at `/api/v1`.
 * @example app.use('/api/v1', userRouter(auth));
 */
export function userRouter(auth: Auth<string>, options: UserRouterOptions = {}): Router {
  return tableRouter(auth, kit.LIBRARY_ROUTES.users, options);
}
