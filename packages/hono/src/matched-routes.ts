import { isGuardMarker, readsFormBody, routeAccess, type RouteAccess } from '@gatehousejs/http';
import type { Context, Hono } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { RouterRoute } from 'hono/types';
import { COMPOSED_HANDLER } from 'hono/utils/constants';

// `app.route()` wraps the handlers of a sub-app that has its own `onError`, keeping the original here.
const unwrap = (handler: unknown): unknown => (handler as Record<string, unknown>)[COMPOSED_HANDLER] ?? handler;

/**
 * The handlers declared on `app` (its public `routes`, which `route()` and `basePath()` views add
 * to as well), read again whenever routes were added. A request's matched routes are copies made by
 * the apps it is mounted on, with the same handler functions: this is how the guard tells its own
 * app's routes from those of the app around it.
 */
export function declaredHandlers(app: Hono<any, any, any>): () => ReadonlySet<unknown> {
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
 * How the guard of a `secureRoutes` app treats the request in `c`, decided from the routes Hono
 * matched for it (`matchedRoutes`, public since Hono 4.8): those after the guard that were declared
 * on the guard's own app, grouped by declaration (same method and path), go to `routeAccess`.
 * Another `secureRoutes` app's guard mounted inside is skipped: its routes are judged here too, and
 * it judges them again. Middleware added to the app with `use` is a declaration like any other, so
 * it needs the marker to run without a token: `api.use('/docs/*', publicRoute, docs)`.
 */
export function matchedRouteAccess(c: Context, own: ReadonlySet<unknown>): RouteAccess {
  return routeAccess(matchedDeclarations(c, own));
}

/** Whether the matching routes read a form body themselves (`readsFormBody`), so the JSON rule must not. */
export function matchedRoutesReadForm(c: Context, own: ReadonlySet<unknown>): boolean {
  return readsFormBody(matchedDeclarations(c, own));
}

/** The handler lists of this app's routes that Hono matched after the guard, one list per declaration. */
function matchedDeclarations(c: Context, own: ReadonlySet<unknown>): unknown[][] {
  const routes = matchedRoutes(c);
  const declarations: { route: RouterRoute; handlers: unknown[] }[] = [];
  for (let i = c.req.routeIndex + 1; i < routes.length; i += 1) {
    const route = routes[i]!;
    const handler = unwrap(route.handler);
    if (!own.has(handler) || isGuardMarker(handler)) continue;
    const same = declarations.find((d) => d.route.method === route.method && d.route.path === route.path);
    if (same) same.handlers.push(handler);
    else declarations.push({ route, handlers: [handler] });
  }
  return declarations.map((d) => d.handlers);
}
