import { adapterKit as kit } from '@gatehousejs/http/adapter';
import type { AccessVerifier, KernelOptions } from '@gatehousejs/http';
import { Hono, type MiddlewareHandler } from 'hono';
import type { ExchangeOptions } from './exchange.js';
import type { GatehouseEnv } from './gatehouse-env.js';
import { guards } from './guard.js';
import { routeDecisions } from './matched-routes.js';

/**
 * A deny-by-default `new Hono()`: every route on it needs a valid access token unless it carries
 * `publicRoute`; `roles(...)` adds a role check. Middleware added with `use` counts as a route; how
 * the guard reads the matched routes, HEAD and OPTIONS: docs/hono.md. A resource service passes a
 * JWKS verifier (docs/keys.md).
 *
 * @example
 * const api = secureRoutes(auth);
 * api.get('/health', publicRoute, (c) => c.json({ status: 'ok' }));
 * api.get('/reports', roles('manager', 'admin'), (c) => c.json([]));
 * app.route('/api/v1', api);
 */
export function secureRoutes<E extends GatehouseEnv = GatehouseEnv>(
  auth: AccessVerifier,
  options: KernelOptions & ExchangeOptions = {},
): Hono<E> {
  return guardRoutes(new Hono<E>(), kit.createAdmission(auth, options));
}

/** Adds the deny-by-default guard to `app` as its next middleware (a library table declares its routes first). */
export function guardRoutes<A extends Hono<any, any, any>>(app: A, admission: kit.Admission): A {
  const decisionOf = routeDecisions(app);
  const guard: MiddlewareHandler = (c, next) => {
    const decision = decisionOf(c);
    return decision ? guards.admit(admission, c, decision).then(() => next()) : next();
  };
  app.use(guards.markGuard(guard));
  return app;
}
