import type { Context, Hono } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { RouterRoute } from 'hono/types';
import { COMPOSED_HANDLER } from 'hono/utils/constants';
import type { adapterKit as kit } from '@gatehousejs/http/adapter';
import { guards } from './guard.js';

type RouteDecision = kit.RouteDecision;

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
 *
 * Hono's router hands back the same route objects for every request to a route, so the decision is
 * kept per sequence of them (numbered in `routeIds`) until routes are added: a request pays for two
 * lookups, not for grouping and judging its routes again.
 */
export function routeDecisions(app: Hono<any, any, any>) {
  const own = declaredHandlers(app);
  const routeIds = new WeakMap<RouterRoute, number>();
  let nextId = 0;
  let decisions = new Map<string, RouteDecision | undefined>();
  let decidedFor = own();
  return (c: Context): RouteDecision | undefined => {
    const handlers = own();
    if (handlers !== decidedFor) {
      decisions = new Map();
      decidedFor = handlers;
    }
    const after = (matchedRoutes(c) as RouterRoute[]).slice(c.req.routeIndex + 1);
    let key = '';
    for (const route of after) {
      let id = routeIds.get(route);
      if (id === undefined) routeIds.set(route, (id = nextId++));
      key += `${id},`;
    }
    if (decisions.has(key)) return decisions.get(key);
    const decision = decide(after, handlers);
    decisions.set(key, decision);
    return decision;
  };
}

function decide(after: readonly RouterRoute[], handlers: ReadonlySet<unknown>): RouteDecision | undefined {
  const declarations = new Map<string, unknown[]>();
  for (const route of after) {
    const handler = unwrap(route.handler);
    if (!handlers.has(handler)) continue;
    const key = `${route.method} ${route.path}`;
    const same = declarations.get(key);
    if (same) same.push(handler);
    else declarations.set(key, [handler]);
  }
  return guards.decide(declarations.values());
}
