import type { Auth } from '@gatehouse/core';
import express, { type IRouter, type RequestHandler, type Router } from 'express';
import { authenticate, isPublicMarker, isRoleMarker } from './guard.js';
import { jsonBody } from './json-body-middleware.js';

const VERBS = ['all', 'get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

type Verb = (typeof VERBS)[number];
type AnyHandler = RequestHandler | RequestHandler[];

/**
 * Puts the guard in front of a route's handlers unless the route is explicitly public, and the
 * JSON body rules after it (so an anonymous caller's body is never parsed on a protected route).
 */
function guardHandlers(handlers: AnyHandler[], auth: AuthGuard, path: unknown): RequestHandler[] {
  const flat = handlers.flat();
  const isPublic = flat.some(isPublicMarker);
  const rest = flat.filter((h) => !isPublicMarker(h));
  if (isPublic && rest.some(isRoleMarker)) {
    throw new Error(`Route ${String(path)} is marked public and also requires roles; choose one.`);
  }
  return isPublic ? [auth.body, ...rest] : [auth.authenticate, auth.body, ...rest];
}

interface AuthGuard {
  authenticate: RequestHandler;
  body: RequestHandler;
}

/**
 * An Express router that is deny-by-default: every route added to it requires a valid access
 * token unless `publicRoute` is among its handlers. Add roles with `roles(...)` or `allRoles(...)`.
 * Middleware added with `use` is not guarded: declare routes with the verb methods or `route()`.
 *
 * @example
 * const api = secureRouter(auth);
 * api.get('/health', publicRoute, (_req, res) => { res.json({ status: 'ok' }) });
 * api.get('/users/me', (req, res) => { res.json(req.user) });                // any signed-in user
 * api.get('/reports', roles('manager', 'admin'), (_req, res) => { res.json([]) });
 */
export function secureRouter(auth: Auth, options: { bodyLimitBytes?: number } = {}): Router {
  const router = express.Router();
  const guard: AuthGuard = { authenticate: authenticate(auth), body: jsonBody(options.bodyLimitBytes) };

  // Express's verb methods (`router.get(path, …)`) create their route through `router.route()`,
  // so guarding `route()` guards both ways of declaring a route, exactly once.
  const originalRoute = router.route.bind(router);
  router.route = ((path: string) => {
    const route = originalRoute(path);
    for (const verb of VERBS) {
      const original = route[verb].bind(route) as (...h: AnyHandler[]) => unknown;
      (route as unknown as Record<Verb, unknown>)[verb] = (...handlers: AnyHandler[]) => {
        original(...guardHandlers(handlers, guard, path));
        return route;
      };
    }
    return route;
  }) as Router['route'];

  return router;
}
