import { pathEncodingError } from '../rules/request-path.js';
import type { Route } from '../routes/route.js';

interface CompiledRoute<T extends Route> {
  route: T;
  /** The path's segments; a parameter's name where it starts with `:`. */
  segments: readonly string[];
}

/** A table's route that matches a request, with its path parameters decoded. */
export interface RouteMatch<T extends Route = Route> {
  route: T;
  params: Record<string, string>;
}

/** A route table compiled once, to match requests against. */
export interface RouteTable<T extends Route = Route> {
  readonly routes: readonly T[];
  /** The first route, in table order, for `method` (HEAD by a GET route) and `path`; `undefined` when none. */
  match(method: string, path: string): RouteMatch<T> | undefined;
}

// A bad escape in a parameter is the 400 of a malformed path, as on every framework's router.
function decodeParameter(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    throw pathEncodingError();
  }
}

function matchSegments(declared: readonly string[], actual: readonly string[]): Record<string, string> | undefined {
  if (declared.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < actual.length; i += 1) {
    const want = declared[i]!;
    const got = actual[i]!;
    if (want.charCodeAt(0) !== 58 /* : */) {
      if (want !== got) return undefined;
    } else {
      if (got === '') return undefined;
      params[want.slice(1)] = decodeParameter(got);
    }
  }
  return params;
}

/**
 * Compiles a route table for `kernel.dispatch`: matching is exact and case-sensitive (no trailing
 * slash, no other letter case, as on Hono), a HEAD is served by a GET route, and the first route in
 * table order wins (`/users/me` before `/users/:id`).
 *
 * @example
 * const table = routeTable(AUTH_ROUTES);
 * table.match('POST', '/login')?.route.path; // '/login'
 */
export function routeTable<T extends Route>(routes: readonly T[]): RouteTable<T> {
  const compiled: CompiledRoute<T>[] = routes.map((route) => ({ route, segments: route.path.split('/').slice(1) }));
  return {
    routes,
    match(method, path) {
      const wanted = method === 'HEAD' ? 'GET' : method;
      const segments = path.split('/').slice(1);
      for (const { route, segments: declared } of compiled) {
        if (route.method !== wanted) continue;
        const params = matchSegments(declared, segments);
        if (params) return { route, params };
      }
      return undefined;
    },
  };
}
