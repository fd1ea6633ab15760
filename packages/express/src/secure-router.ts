import { createAdmission, markGuard, methodTakesBody, type AccessVerifier, type Admission, type KernelOptions } from '@gatehousejs/http';
import express, { type RequestHandler, type Router } from 'express';
import { expressExchange } from './exchange.js';
import { admitUser } from './guard.js';
import { matchedRouteAccess, matchedRoutesReadForm, type RequestAccess, type RouterLayer } from './matched-routes.js';

/**
 * An Express router that is deny-by-default: every route declared on it requires a valid access
 * token unless `publicRoute` is among its handlers. Add roles with `roles(...)` or `allRoles(...)`.
 *
 * It is a plain `express.Router()` with one middleware, added first with `router.use`: before any
 * route runs, it looks up the routes of this router that match the request (see
 * `matchedRouteAccess`) and verifies the token unless every one of them is public. A request no
 * route matches goes on untouched (to your JSON 404). Routes declared any way (`get`, `post`, `all`,
 * `route(path)`, chained) are covered, since the guard reads the router as it is at request time.
 * Middleware added with `use` is not a route: it runs after the guard, with a verified user when a
 * protected route matched. A plain router mounted with `use` inside is guarded as a whole.
 *
 * Every matched route also gets the JSON body rules, after the guard (an anonymous caller's body is
 * never read on a protected route); a body an `express.json()` before the router already parsed is
 * taken under the same rules. A route whose handlers include a form reader (marked with
 * `markFormBody`, as the form_post callback's is) reads its body itself. A route with
 * `unconfirmedAllowed` also takes the token of an account whose address is not confirmed yet. HEAD is served by GET routes (with their guard); OPTIONS is not
 * answered automatically (the JSON 404). Routing is strict and case-sensitive, as on Hono.
 *
 * @example
 * const api = secureRouter(auth);
 * api.get('/health', publicRoute, (_req, res) => { res.json({ status: 'ok' }) });
 * api.get('/users/me', (req, res) => { res.json(requireUser(req)) });          // any signed-in user
 * api.get('/reports', roles('manager', 'admin'), (_req, res) => { res.json([]) });
 *
 * In a resource service, pass a JWKS verifier instead of `auth` (see docs/keys.md, "Protect another
 * service"): the same guard, from the issuer's public keys alone.
 *
 * @example
 * const api = secureRouter(createJwksVerifier({ jwksUrl, issuer: 'https://auth.example.com', audience: 'orders-api' }));
 */
export function secureRouter(auth: AccessVerifier, options: KernelOptions = {}): Router {
  // Express matches paths case-insensitively and ignores a trailing slash by default; Hono does
  // neither. One answer on every adapter: the exact path only.
  const router = express.Router({ caseSensitive: true, strict: true });
  guardRouter(router, createAdmission(auth, options));
  return router;
}

/**
 * Adds the deny-by-default guard of `secureRouter` to `router`, as its next middleware, and marks
 * the router as guarding itself: the kernel admits a request to the routes that match it (token
 * unless every one is public, then the body rules into `req.body`).
 */
export function guardRouter(router: Router, kernel: Admission): void {
  const stack = () => router.stack as unknown as RouterLayer[];
  const guard: RequestHandler = (req, res, next) => {
    let access: RequestAccess;
    try {
      access = matchedRouteAccess(stack(), req.method, req.path);
    } catch (error) {
      return next(error);
    }
    if (access === 'unmatched') return next();
    // Leaves the router before its routes can collect an automatic `Allow` answer.
    if (access === 'undeclared-options') return next('router');
    // A route that reads its own form body (a form_post callback) is left to its reader.
    const readsForm = methodTakesBody(req.method) && matchedRoutesReadForm(stack(), req.method, req.path);
    kernel.admit(expressExchange(req, res), access, readsForm ? 'none' : 'json').then(({ user, body }) => {
      if (user) admitUser(req, user, kernel.verifier);
      if (!readsForm) req.body = body;
      next();
    }, next);
  };
  router.use(guard);
  // A secure router mounted inside another guards itself.
  markGuard(router);
}
