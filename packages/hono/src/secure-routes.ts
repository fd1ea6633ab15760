import { createAdmission, markGuard, type AccessVerifier, type Admission, type KernelOptions } from '@gatehousejs/http';
import { Hono, type MiddlewareHandler } from 'hono';
import { honoExchange, type ExchangeOptions } from './exchange.js';
import { admitUser } from './guard.js';
import type { GatehouseEnv } from './gatehouse-env.js';
import { routeDecisions } from './matched-routes.js';

/**
 * A Hono app that is deny-by-default: every route declared on it requires a valid access token
 * unless `publicRoute` is among its handlers, and the verified payload is `requireUser(c)` (or
 * `c.get('user')`). Add role requirements with `roles(...)` (any of) or `allRoles(...)` (all of).
 * Every route also gets the JSON body rules; the parsed body is `c.get('body')`. A route whose
 * handlers include a form reader (marked with `markFormBody`, as the form_post callback's is) reads
 * its body itself. A route with `unconfirmedAllowed` also takes the token of an account whose address
 * is not confirmed yet.
 *
 * It is a plain `new Hono()` with one middleware added first with `use`, so nothing of Hono is
 * replaced: for each request, the middleware looks at the routes of this app that Hono matched
 * (see `routeDecisions`: decided once per list of matched routes) and verifies the token unless every one of them is public. A request
 * none of them matches goes on untouched (to `notFound()`). So every way of declaring a route is
 * covered: verb methods, `all`, `on`, chained calls, `basePath(...)`, `route()` of another app
 * (a plain one is guarded as a whole, another `secureRoutes` app keeps its markers) and `mount()`.
 * Middleware added with `use` counts as a route: put shared middleware on the outer app (as the
 * example does), or mark it `publicRoute` too. HEAD is served by GET routes, guard included;
 * OPTIONS is not answered unless you declare it. A request path that is not validly
 * percent-encoded is answered 400 before the guard (`assertPathEncoding`).
 *
 * @example
 * const api = secureRoutes(auth);
 * api.get('/health', publicRoute, (c) => c.json({ status: 'ok' }));
 * api.get('/users/me', (c) => c.json({ id: requireUser(c).id }));         // any signed-in user
 * api.get('/reports', roles('manager', 'admin'), (c) => c.json([]));
 * app.route('/api/v1', api);
 *
 * In a resource service, pass a JWKS verifier instead of `auth` (see docs/keys.md, "Protect another
 * service"): the same guard, from the issuer's public keys alone.
 *
 * @example
 * const api = secureRoutes(createJwksVerifier({ jwksUrl, issuer: 'https://auth.example.com', audience: 'orders-api' }));
 */
export function secureRoutes<E extends GatehouseEnv = GatehouseEnv>(
  auth: AccessVerifier,
  options: KernelOptions & ExchangeOptions = {},
): Hono<E> {
  const app = new Hono<E>();
  guardRoutes(app, createAdmission(auth, options), options);
  return app;
}

/**
 * Adds the deny-by-default guard of `secureRoutes` to `app`, as its next middleware: the kernel
 * admits a request to the routes Hono matched (token unless every one is public, then the body
 * rules into `c.get('body')`). The library's route tables declare their own routes first, each a
 * single handler the kernel serves, then add the guard for whatever else is declared after them.
 */
export function guardRoutes<E extends GatehouseEnv>(app: Hono<E>, kernel: Admission, options: ExchangeOptions = {}): void {
  const decisionOf = routeDecisions(app);
  const guard: MiddlewareHandler = async (c, next) => {
    const decision = decisionOf(c);
    if (decision.access === 'unmatched') return next();
    const { user, body } = await kernel.admit(honoExchange(c, options), decision.access, decision.readsForm ? 'none' : 'json');
    if (user) admitUser(c, user, kernel.verifier);
    if (!decision.readsForm) c.set('body', body);
    return next();
  };
  app.use(markGuard(guard));
}
