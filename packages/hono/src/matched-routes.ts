import type { Context, Hono } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { RouterRoute } from 'hono/types';
import { COMPOSED_HANDLER } from 'hono/utils/constants';
import { guards } from './guard.js';

// `app.route()` wraps the handlers of a sub-app that has its own `onError`, keeping the original here.
const unwrap = (handler: unknown): unknown => (handler as Record<string, unknown>)[COMPOSED_HANDLER] ?? handler;

/**
 * The handlers declared on `app` (its public `routes`, which `route()` and `basePath()` views add
 * to), read again when routes were added: a request's matched routes are copies made by the apps
 * it is mounted on, with the same handlers, so the guard tells its own app's routes from the rest.
 */
function declaredHandlers(app: Hono<any, any, any>): () => ReadonlySet<unknown> {
  let counted = -1;
  let handlers: ReadonlySet<unknown> = new Set();
  return () => {
    if (app.routes.length !== counted) {
      counted = app.routes.length;
      handlers = new Set(app.routes.map((route) => unwrap(route.handler)));
    }
    return handlers;
  };
}

/**
 * How the guard of `app` treats the request in `c`: the routes Hono matched after the guard
 * (`matchedRoutes`, public since Hono 4.8) that were declared on `app`, grouped by method and path,
 * go to `guards.decide`; `undefined` when there are none. A `use` middleware is a declaration too.
 */
export function routeDecisions(app: Hono<any, any, any>) {
  const own = declaredHandlers(app);
  return (c: Context) => {
    const handlers = own();
    const declarations = new Map<string, unknown[]>();
    for (const route of matchedRoutes(c).slice(c.req.routeIndex + 1) as RouterRoute[]) {
      const handler = unwrap(route.handler);
      if (!handlers.has(handler)) continue;
      const key = `${route.method} ${route.path}`;
      const same = declarations.get(key);
      if (same) same.push(handler);
      else declarations.set(key, [handler]);
    }
    return guards.decide(declarations.values());
  };
}
