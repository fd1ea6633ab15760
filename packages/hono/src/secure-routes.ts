import { createAdmission, type AccessVerifier, type Admission, type KernelOptions } from '@gatehousejs/http';
import { Hono, type MiddlewareHandler } from 'hono';
import type { ExchangeOptions } from './exchange.js';
import type { GatehouseEnv } from './gatehouse-env.js';
import { guards } from './guard.js';
import { routeDecisions } from './matched-routes.js';

/**
 * A Hono app that is deny-by-default: every route declared on it requires a valid access token
 * unless `publicRoute` is among its handlers; the caller is `requireUser(c)`, the body after the
 * JSON rules `c.get('body')`; add roles with `roles(...)` or `allRoles(...)`. A plain `new Hono()`
 * with one middleware added first: it reads which of the app's routes Hono matched
 * (`routeDecisions`), however they were declared (`all`, `on`, `basePath`, `route()` of another app,
 * `mount()`), and admits the request unless none did. Middleware added with `use` counts as a
 * route: put shared middleware on the outer app, or mark it `publicRoute` too. HEAD is served by
 * GET routes; OPTIONS is not answered unless you declare it.
 *
 * @example
 * const api = secureRoutes(auth);
 * api.get('/health', publicRoute, (c) => c.json({ status: 'ok' }));
 * api.get('/users/me', (c) => c.json({ id: requireUser(c).id }));         // any signed-in user
 * api.get('/reports', roles('manager', 'admin'), (c) => c.json([]));
 * app.route('/api/v1', api);
 *
 * In a resource service, pass a JWKS verifier instead of `auth` (see docs/keys.md).
 *
 * @example
 * const api = secureRoutes(createJwksVerifier({ jwksUrl, issuer: 'https://auth.example.com', audience: 'orders-api' }));
 */
export function secureRoutes<E extends GatehouseEnv = GatehouseEnv>(
  auth: AccessVerifier,
  options: KernelOptions & ExchangeOptions = {},
): Hono<E> {
  return guardRoutes(new Hono<E>(), createAdmission(auth, options));
}

/**
 * Adds the deny-by-default guard of `secureRoutes` to `app`, as its next middleware. The library's
 * route tables declare their own routes first, each a single handler the kernel serves, then add
 * the guard for whatever else is declared after them.
 */
export function guardRoutes<A extends Hono<any, any, any>>(app: A, admission: Admission): A {
  const decisionOf = routeDecisions(app);
  const guard: MiddlewareHandler = async (c, next) => {
    const decision = decisionOf(c);
    if (decision) await guards.admit(admission, c, decision);
    return next();
  };
  app.use(guards.markGuard(guard));
  return app;
}
