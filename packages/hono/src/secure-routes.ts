import type { Auth } from '@gatehousejs/core';
import { assertPathEncoding, markGuard, methodTakesBody } from '@gatehousejs/http';
import { type Context, Hono, type MiddlewareHandler, type Next } from 'hono';
import type { GatehouseEnv } from './gatehouse-env.js';
import { verifyContext } from './guard.js';
import { bodyReader } from './json-body.js';
import { routeDecisions, type RouteDecision } from './matched-routes.js';

const ALLOW_UNCONFIRMED = Object.freeze({ allowUnconfirmed: true });

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
 */
export function secureRoutes<E extends GatehouseEnv = GatehouseEnv>(
  auth: Auth<string>,
  options: { bodyLimitBytes?: number } = {},
): Hono<E> {
  const app = new Hono<E>();
  const verify = verifyContext(auth);
  const readBody = bodyReader(options.bodyLimitBytes);
  const decisionOf = routeDecisions(app);

  const withBody = (c: Context, next: Next, decision: RouteDecision) => {
    // A route that reads its own form body (a form_post callback) is left to its reader.
    if (decision.readsForm && methodTakesBody(c.req.method)) return next();
    const reading = readBody(c);
    return reading ? reading.then(next) : next();
  };
  // Not async: with a token in the verified-token cache and no body to read (a GET), the guard adds
  // no promise of its own.
  const guard: MiddlewareHandler = (c, next) => {
    const decision = decisionOf(c);
    if (decision.access === 'unmatched') return next();
    assertPathEncoding(c.req.url);
    if (decision.access === 'public') return withBody(c, next, decision);
    const pending = verify(c, decision.access === 'unconfirmed-allowed' ? ALLOW_UNCONFIRMED : undefined);
    return pending ? pending.then(() => withBody(c, next, decision)) : withBody(c, next, decision);
  };
  app.use(markGuard(guard));
  return app;
}
