import { isGuardMarker, readsFormBody, routeAccess, type RouteAccess } from '@gatehousejs/http';

/**
 * The parts of Express 5's router (the `router` package) the guard reads: a router's `stack` of
 * layers, a layer's `match(path)` and `route`, a route's `stack` of handler layers and `methods`.
 * Express has no hook that reports each declared route (as Fastify's `onRoute` does), so the guard,
 * mounted first with `router.use`, looks up which of its router's routes match a request. It only
 * reads them, with the same `match()` the router then runs; nothing is replaced.
 */
export interface RouterLayer {
  handle: unknown;
  route?: {
    stack: readonly { method?: string; handle: unknown }[];
    methods: Readonly<Record<string, boolean | undefined>>;
  };
  match(path: string): unknown;
}

/** `RouteAccess`, and OPTIONS on a path whose routes declare no OPTIONS handler. */
export type RequestAccess = RouteAccess | 'undeclared-options';

const isRouter = (handle: unknown): boolean => typeof handle === 'function' && Array.isArray((handle as { stack?: unknown }).stack);

/** The handlers of `route` that run for `method`; HEAD falls back to GET as Express's Route does. */
function handlersFor(route: NonNullable<RouterLayer['route']>, method: string): unknown[] {
  const lower = method.toLowerCase();
  const name = lower === 'head' && !route.methods.head ? 'get' : lower;
  const handlers: unknown[] = [];
  for (const layer of route.stack) {
    // `route.all()` handlers have no method.
    if (layer.method === undefined || layer.method === name) handlers.push(layer.handle);
  }
  return handlers;
}

/** The handler lists of the routes in `stack` that match, and whether any route's path matched at all. */
function matchedDeclarations(
  stack: readonly RouterLayer[],
  method: string,
  path: string,
): { declarations: unknown[][]; pathMatched: boolean } {
  const declarations: unknown[][] = [];
  let pathMatched = false;
  for (const layer of stack) {
    const route = layer.route;
    if (!route) {
      if (isRouter(layer.handle) && !isGuardMarker(layer.handle) && layer.match(path)) declarations.push([layer.handle]);
      continue;
    }
    if (!layer.match(path)) continue;
    pathMatched = true;
    const handlers = handlersFor(route, method);
    if (handlers.length > 0) declarations.push(handlers);
  }
  return { declarations, pathMatched };
}

/**
 * How the guard at the head of `stack` treats a request for `method` and `path` (relative to the
 * router): from the routes that match it (`routeAccess`). A plain router mounted inside with `use`
 * counts as one protected route for every path under it (its routes carry no markers the guard
 * could see); another secure router guards itself. Plain middleware added with `use` is not a
 * route. Throws what `match()` throws (Express's URIError for a badly encoded parameter, answered 400).
 */
export function matchedRouteAccess(stack: readonly RouterLayer[], method: string, path: string): RequestAccess {
  const { declarations, pathMatched } = matchedDeclarations(stack, method, path);
  // Express would answer this itself with an `Allow` list; Hono and the contract give the JSON 404.
  if (declarations.length === 0 && pathMatched && method === 'OPTIONS') return 'undeclared-options';
  return routeAccess(declarations);
}

/** Whether the matching routes read a form body themselves (`readsFormBody`), so the JSON rule must not. */
export function matchedRoutesReadForm(stack: readonly RouterLayer[], method: string, path: string): boolean {
  return readsFormBody(matchedDeclarations(stack, method, path).declarations);
}
