import { guards } from './guard.js';

/**
 * The parts of Express 5's router (the `router` package) the guard reads: a router's `stack` of
 * layers, a layer's `match(path)` and `route`, a route's `stack` of handler layers and `methods`.
 * Express has no hook that reports each declared route (as Fastify's `onRoute` does), so the guard
 * looks up which routes match with the same `match()` the router then runs; nothing is replaced.
 */
export interface RouterLayer {
  handle: unknown;
  route?: {
    stack: readonly { method?: string; handle: unknown }[];
    methods: Readonly<Record<string, boolean | undefined>>;
  };
  match(path: string): unknown;
}

const isRouter = (handle: unknown): boolean => typeof handle === 'function' && Array.isArray((handle as { stack?: unknown }).stack);

/** The handlers of `route` that run for `method`; HEAD falls back to GET as Express's Route does. */
function handlersFor(route: NonNullable<RouterLayer['route']>, method: string): unknown[] {
  const lower = method.toLowerCase();
  const name = lower === 'head' && !route.methods.head ? 'get' : lower;
  // `route.all()` handlers have no method.
  return route.stack.filter((layer) => layer.method === undefined || layer.method === name).map((layer) => layer.handle);
}

/**
 * How the guard at the head of `stack` treats a request (`guards.decide` over the routes that match
 * it), `undefined` when none does. A router mounted inside counts as one route for every path under
 * it; plain middleware is not a route. OPTIONS on a path whose routes declare none is
 * `undeclared-options` (the contract's JSON 404, not Express's `Allow` list). Throws what `match()`
 * throws (its URIError for a badly encoded parameter, answered 400).
 */
export function matchedRoutes(stack: readonly RouterLayer[], method: string, path: string) {
  const declarations: unknown[][] = [];
  let pathMatched = false;
  for (const layer of stack) {
    const route = layer.route;
    if (!route) {
      if (isRouter(layer.handle) && layer.match(path)) declarations.push([layer.handle]);
      continue;
    }
    if (!layer.match(path)) continue;
    pathMatched = true;
    const handlers = handlersFor(route, method);
    if (handlers.length > 0) declarations.push(handlers);
  }
  if (declarations.length === 0 && pathMatched && method === 'OPTIONS') return 'undeclared-options' as const;
  return guards.decide(declarations);
}
