import { adapterKit as kit } from '@gatehousejs/http/adapter';
import type { AccessVerifier, KernelOptions } from '@gatehousejs/http';
import express, { type RequestHandler, type Router } from 'express';
import { guards } from './guard.js';
import { matchedRoutes, type RouterLayer } from './matched-routes.js';

/**
 * A deny-by-default `express.Router()`: every route on it needs a valid access token unless it
 * carries `publicRoute`; `roles(...)` adds a role check. How the guard reads the router's routes,
 * HEAD and OPTIONS: docs/express.md. A resource service passes a JWKS verifier (docs/keys.md).
 *
 * @example
 * const api = secureRouter(auth);
 * api.get('/health', publicRoute, (_req, res) => { res.json({ status: 'ok' }) });
 * api.get('/reports', roles('manager', 'admin'), (_req, res) => { res.json([]) });
 */
export function secureRouter(auth: AccessVerifier, options: KernelOptions = {}): Router {
  return guardRouter(strictRouter(), kit.createAdmission(auth, options));
}

/** Express matches paths case-insensitively and ignores a trailing slash by default; Hono does neither. One answer: the exact path. */
export const strictRouter = (): Router => express.Router({ caseSensitive: true, strict: true });

/** Adds the deny-by-default guard to `router` as its next middleware, and marks the router as guarding itself. */
export function guardRouter(router: Router, admission: kit.Admission): Router {
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
