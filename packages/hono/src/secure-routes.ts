import type { Auth } from '@gatehouse/core';
import { assertPathEncoding, guardRoute, type RouteGuardParts } from '@gatehouse/http';
import { Hono, type MiddlewareHandler } from 'hono';
import { METHODS } from 'hono/router';
import type { GatehouseEnv } from './gatehouse-env.js';
import { foldGuard, type FoldParts } from './fold-guard.js';
import { authenticate, verifyBearer } from './guard.js';
import { jsonBody } from './json-body.js';

type AnyFunction = (...args: unknown[]) => unknown;
type Guard = RouteGuardParts<MiddlewareHandler> & FoldParts;

/** The handlers a route declared with `method` gets: `guardRoute`'s rules, in as few handlers as they fit. */
const guarded = (method: string, path: unknown, handlers: unknown[], guard: Guard): unknown[] =>
  foldGuard(method, guardRoute(path, handlers as MiddlewareHandler[], guard), guard);

/** Apps built by `secureRoutes` (and their `basePath` views): the only ones `route()` may mount. */
const secureApps = new WeakSet<object>();

function refuse(what: string): never {
  throw new Error(
    `secureRoutes: ${what} would add routes without the Gatehouse guard. Declare the routes on this app, ` +
      'mount another secureRoutes app, or mount a plain Hono app on your outer app instead.',
  );
}

/**
 * Replaces the route-declaring methods of one Hono instance so each declared route gets the guard
 * and the body rules in front of its handlers (see `guardRoute`). Hono keeps these methods as
 * instance properties, so the instance is changed, not the class.
 */
function guardInstance(app: Hono<any, any, any>, guard: Guard): void {
  const self = app as unknown as Record<string, AnyFunction>;
  // Hono remembers the last path for chained calls such as `.get('/x', h).post(h2)`; so do we,
  // only to name the route in the "public and roles" error.
  let lastPath: unknown = '/';

  for (const method of [...METHODS, 'all']) {
    const original = self[method]!;
    self[method] = (first: unknown, ...rest: unknown[]) => {
      if (typeof first !== 'string') return original(...guarded(method, lastPath, [first, ...rest], guard));
      lastPath = first;
      return rest.length === 0 ? original(first) : original(first, ...guarded(method, first, rest, guard));
    };
  }

  const on = self.on!;
  self.on = (method: unknown, path: unknown, ...handlers: unknown[]) => {
    lastPath = path;
    return on(method, path, ...guarded('on', path, handlers, guard));
  };

  const use = self.use!;
  self.use = (first: unknown, ...rest: unknown[]) => {
    lastPath = typeof first === 'string' ? first : '*';
    return use(first, ...rest);
  };

  const route = app.route.bind(app) as AnyFunction;
  self.route = (path: unknown, sub: unknown) => (secureApps.has(sub as object) ? route(path, sub) : refuse('route() with a plain Hono app'));
  self.mount = () => refuse('mount()');

  const basePath = app.basePath.bind(app) as AnyFunction;
  self.basePath = (path: unknown) => {
    const view = basePath(path) as Hono<any, any, any>;
    guardInstance(view, guard);
    return view;
  };

  secureApps.add(app);
}

/**
 * A Hono app that is deny-by-default: every route declared on it requires a valid access token
 * unless `publicRoute` is among its handlers, and the verified payload is `c.get('user')`. Add role
 * requirements with `roles(...)` (any of) or `allRoles(...)` (all of). Every route also gets the
 * JSON body rules; the parsed body is `c.get('body')`.
 *
 * Hard to misuse on purpose: declaring a route with the verb methods, `all`, `on` or through
 * `basePath(...)` always adds the guard; `route()` only accepts other `secureRoutes` apps and
 * `mount()` is refused, since both would add routes the guard never saw. Middleware added with
 * `use` is not a route and is not guarded. HEAD is served by GET routes, guard included; OPTIONS is
 * not answered unless you declare it (or put a CORS middleware on the outer app). A request path
 * that is not validly percent-encoded is answered 400 before the guard (`assertPathEncoding`).
 *
 * @example
 * const api = secureRoutes(auth);
 * api.get('/health', publicRoute, (c) => c.json({ status: 'ok' }));
 * api.get('/users/me', (c) => c.json({ id: c.get('user').id }));        // any signed-in user
 * api.get('/reports', roles('manager', 'admin'), (c) => c.json([]));
 * app.route('/api/v1', api);
 */
export function secureRoutes<E extends GatehouseEnv = GatehouseEnv>(auth: Auth, options: { bodyLimitBytes?: number } = {}): Hono<E> {
  const app = new Hono<E>();
  const guard: Guard = {
    authenticate: authenticate(auth) as MiddlewareHandler,
    body: jsonBody(options.bodyLimitBytes) as MiddlewareHandler,
    verify: verifyBearer(auth),
    checkPath: (c) => assertPathEncoding(c.req.url),
  };
  guardInstance(app, guard);
  return app;
}
