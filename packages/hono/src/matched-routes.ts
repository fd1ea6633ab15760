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

/** What the guard of a `secureRoutes` app does with a request, decided from the routes Hono matched. */
export interface RouteDecision {
  /** `routeAccess` of the matched declarations: unmatched, public, protected or unconfirmed-allowed. */
  readonly access: RouteAccess;
  /** Whether they read a form body themselves (`readsFormBody`), so the JSON rule must not. */
  readonly readsForm: boolean;
}

// One node per route in a sequence of matched routes; the decision sits where the sequence ends.
interface DecisionNode {
  readonly next: Map<RouterRoute, DecisionNode>;
  decision?: RouteDecision;
}

/**
 * How the guard of a `secureRoutes` app treats the request in `c`, decided from the routes Hono
 * matched for it (`matchedRoutes`, public since Hono 4.8): those after the guard that were declared
 * on the guard's own app, grouped by declaration (same method and path), go to `routeAccess` and
 * `readsFormBody`. Another `secureRoutes` app's guard mounted inside is skipped: its routes are
 * judged here too, and it judges them again. Middleware added to the app with `use` is a
 * declaration like any other, so it needs the marker to run without a token:
 * `api.use('/docs/*', publicRoute, docs)`.
 *
 * The decision depends only on that sequence of route objects (Hono's own, the same for every
 * request that matches them) and on the routes declared, so it is made once per sequence and kept
 * in a tree keyed by the route objects, dropped whenever routes are added. A request then costs one
 * map look-up per matched route instead of grouping and reading the markers again.
 */
export function routeDecisions(app: Hono<any, any, any>): (c: Context) => RouteDecision {
  const own = declaredHandlers(app);
  let decidedFor: ReadonlySet<unknown> | undefined;
  let root: DecisionNode = { next: new Map() };
  return (c) => {
    const handlers = own();
    if (handlers !== decidedFor) {
      decidedFor = handlers;
      root = { next: new Map() };
    }
    const routes = matchedRoutes(c);
    const first = c.req.routeIndex + 1;
    let node = root;
    for (let i = first; i < routes.length; i += 1) {
      const route = routes[i]!;
      let next = node.next.get(route);
      if (!next) {
        next = { next: new Map() };
        node.next.set(route, next);
      }
      node = next;
    }
    node.decision ??= decide(routes.slice(first), handlers);
    return node.decision;
  };
}

function decide(routes: readonly RouterRoute[], own: ReadonlySet<unknown>): RouteDecision {
  const declarations = ownDeclarations(routes, own);
  return Object.freeze({ access: routeAccess(declarations), readsForm: readsFormBody(declarations) });
}

/** The handler lists of this app's routes among `routes`, one list per declaration. */
function ownDeclarations(routes: readonly RouterRoute[], own: ReadonlySet<unknown>): unknown[][] {
  const declarations: { route: RouterRoute; handlers: unknown[] }[] = [];
  for (const route of routes) {
    const handler = unwrap(route.handler);
    if (!own.has(handler) || isGuardMarker(handler)) continue;
    const same = declarations.find((d) => d.route.method === route.method && d.route.path === route.path);
    if (same) same.handlers.push(handler);
    else declarations.push({ route, handlers: [handler] });
  }
  return declarations.map((d) => d.handlers);
}
