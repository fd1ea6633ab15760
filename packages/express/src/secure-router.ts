import { createAdmission, type AccessVerifier, type Admission, type KernelOptions } from '@gatehousejs/http';
import express, { type RequestHandler, type Router } from 'express';
import { guards } from './guard.js';
import { matchedRoutes, type RouterLayer } from './matched-routes.js';

/**
 * An Express router that is deny-by-default: every route declared on it requires a valid access
 * token unless `publicRoute` is among its handlers; add roles with `roles(...)` or `allRoles(...)`.
 * A plain `express.Router()` (strict, case-sensitive, as Hono routes) with one middleware added
 * first: it reads which of the router's routes match the request (`matchedRoutes`), however they
 * were declared, and admits it (token unless all are public, then the JSON body rules into
 * `req.body`); a request none matches goes on untouched. Middleware added with `use` is not a
 * route; HEAD is served by GET routes; OPTIONS is not answered automatically (the JSON 404).
 *
 * @example
 * const api = secureRouter(auth);
 * api.get('/health', publicRoute, (_req, res) => { res.json({ status: 'ok' }) });
 * api.get('/users/me', (req, res) => { res.json(requireUser(req)) });          // any signed-in user
 * api.get('/reports', roles('manager', 'admin'), (_req, res) => { res.json([]) });
 *
 * In a resource service, pass a JWKS verifier instead of `auth` (see docs/keys.md).
 *
 * @example
 * const api = secureRouter(createJwksVerifier({ jwksUrl, issuer: 'https://auth.example.com', audience: 'orders-api' }));
 */
export function secureRouter(auth: AccessVerifier, options: KernelOptions = {}): Router {
  return guardRouter(strictRouter(), createAdmission(auth, options));
}

/** Express matches paths case-insensitively and ignores a trailing slash by default; Hono does neither. One answer: the exact path. */
export const strictRouter = (): Router => express.Router({ caseSensitive: true, strict: true });

/** Adds the deny-by-default guard of `secureRouter` to `router` as its next middleware, and marks the router as guarding itself. */
export function guardRouter(router: Router, admission: Admission): Router {
  const stack = router.stack as unknown as RouterLayer[];
  const guard: RequestHandler = (req, _res, next) => {
    let decision: ReturnType<typeof matchedRoutes>;
    try {
      decision = matchedRoutes(stack, req.method, req.path);
    } catch (error) {
      return next(error);
    }
    if (decision === undefined) return next();
    // Leaves the router before its routes can collect an automatic `Allow` answer.
    if (decision === 'undeclared-options') return next('router');
    guards.admit(admission, req, decision).then(() => next(), next);
  };
  router.use(guard);
  return guards.markGuard(router);
}
