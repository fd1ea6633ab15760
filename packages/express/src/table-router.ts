import type { Auth } from '@gatehousejs/core';
import { createKernel, routeTable, type KernelOptions, type Route } from '@gatehousejs/http';
import express, { type Request, type Router } from 'express';
import { expressExchange } from './exchange.js';
import { guardRouter } from './secure-router.js';

/** The options every library router takes: body limit, pages, the proxy setting, the request id. */
export interface TableRouterOptions extends KernelOptions {
  /**
   * The app's id for a request (e.g. the `X-Request-Id` it answers with), passed to core so the
   * request's audit events carry it as `requestId`. Default: none.
   */
  requestId?: (req: Request) => string | undefined;
}

/**
 * A router that serves a library route table through the kernel, then guards whatever an app adds
 * to it (deny by default, as a `secureRouter`). One middleware: a request the table matches is
 * admitted, dispatched and answered by the kernel; any other goes on to the router's routes.
 */
export function tableRouter(auth: Auth<string>, routes: readonly Route[], options: TableRouterOptions): Router {
  const kernel = createKernel(auth, options);
  const table = routeTable(routes);
  const router = express.Router({ caseSensitive: true, strict: true });
  router.use((req, res, next) => {
    const pending = kernel.dispatch(table, expressExchange(req, res, options.requestId?.(req)));
    if (!pending) return next();
    pending.catch(next);
  });
  guardRouter(router, kernel);
  return router;
}
