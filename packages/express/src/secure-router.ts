import type { Auth } from '@gatehouse/core';
import { guardRoute, type RouteGuardParts } from '@gatehouse/http';
import express, { type RequestHandler, type Router } from 'express';
import { authenticate } from './guard.js';
import { jsonBody } from './json-body-middleware.js';

const VERBS = ['all', 'get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

type Verb = (typeof VERBS)[number];
type AnyHandler = RequestHandler | RequestHandler[];

// Express answers an OPTIONS request that no route declares with an automatic `Allow` list; Hono
// and the other adapters answer it like any undeclared method: the JSON 404. A route that claims
// OPTIONS and passes it on keeps Express from building that automatic answer, and still lets an
// OPTIONS handler declared later on the same route (or a CORS middleware before the router) run.
const passOptionsOn: RequestHandler = (_req, _res, next) => next();

/**
 * An Express router that is deny-by-default: every route added to it requires a valid access
 * token unless `publicRoute` is among its handlers. Add roles with `roles(...)` or `allRoles(...)`.
 * Middleware added with `use` is not guarded: declare routes with the verb methods or `route()`.
 * HEAD is served by GET routes (with their guard); OPTIONS is not answered automatically.
 * Routing is strict and case-sensitive, as on Hono: `/users/me/` and `/Users/me` are not `/users/me`.
 *
 * @example
 * const api = secureRouter(auth);
 * api.get('/health', publicRoute, (_req, res) => { res.json({ status: 'ok' }) });
 * api.get('/users/me', (req, res) => { res.json(req.user) });                // any signed-in user
 * api.get('/reports', roles('manager', 'admin'), (_req, res) => { res.json([]) });
 */
export function secureRouter(auth: Auth, options: { bodyLimitBytes?: number } = {}): Router {
  // Express matches paths case-insensitively and ignores a trailing slash by default; Hono does
  // neither. One answer on every adapter: the exact path only.
  const router = express.Router({ caseSensitive: true, strict: true });
  const guard: RouteGuardParts<RequestHandler> = { authenticate: authenticate(auth), body: jsonBody(options.bodyLimitBytes) };

  // Express's verb methods (`router.get(path, …)`) create their route through `router.route()`,
  // so guarding `route()` guards both ways of declaring a route, exactly once.
  const originalRoute = router.route.bind(router);
  router.route = ((path: string) => {
    const route = originalRoute(path);
    route.options(passOptionsOn);
    for (const verb of VERBS) {
      const original = route[verb].bind(route) as (...h: RequestHandler[]) => unknown;
      (route as unknown as Record<Verb, unknown>)[verb] = (...handlers: AnyHandler[]) => {
        original(...guardRoute(path, handlers.flat(), guard));
        return route;
      };
    }
    return route;
  }) as Router['route'];

  return router;
}
