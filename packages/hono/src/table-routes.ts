import { anyOf, type Auth } from '@gatehousejs/core';
import {
  createKernel,
  markFormBody,
  markPublic,
  markRoleRequirement,
  markUnconfirmedAllowed,
  type KernelOptions,
  type Route,
} from '@gatehousejs/http';
import { Hono, type Handler } from 'hono';
import { honoExchange, type ExchangeOptions } from './exchange.js';
import type { GatehouseEnv } from './gatehouse-env.js';
import { guardRoutes } from './secure-routes.js';

/** The options every library route table takes: body limit, pages, the proxy setting, the peer and the request id. */
export interface TableRoutesOptions extends KernelOptions, ExchangeOptions {}

/**
 * A Hono app that serves a library route table through the kernel: each route is declared with
 * Hono (so Hono routes it, HEAD by GET included) as one handler that hands the request to
 * `kernel.serve`. The handler carries the markers a declaration with `publicRoute`,
 * `unconfirmedAllowed` or `roles` would, so a guard around judges it alike. Whatever an app adds
 * after is guarded as on a `secureRoutes` app.
 */
export function tableRoutes(auth: Auth<string>, routes: readonly Route[], options: TableRoutesOptions): Hono<GatehouseEnv> {
  const kernel = createKernel(auth, options);
  const app = new Hono<GatehouseEnv>();
  for (const route of routes) {
    const handler: Handler<GatehouseEnv> = (c) => kernel.serve(route, honoExchange(c, options));
    if (route.access === 'public' && !route.roles) markPublic(handler);
    if (route.allowsUnconfirmed) markUnconfirmedAllowed(handler);
    if (route.roles) markRoleRequirement(handler, anyOf<string>(...route.roles));
    if (route.body === 'form') markFormBody(handler);
    app.on(route.method, route.path, handler);
  }
  guardRoutes(app, kernel, options);
  return app;
}
