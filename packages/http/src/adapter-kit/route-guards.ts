import { allOf, anyOf, type AccessTokenPayload, type Auth, type Role, type RoleRequirement } from '@gatehousejs/core';
import { assertRoles, requireVerifiedUser } from '../guard/authorize.js';
import { readBearerToken } from '../rules/bearer-token.js';
import { DEFAULT_BODY_LIMIT_BYTES, methodTakesBody } from '../rules/json-body.js';
import type { AccessVerifier, Admission } from '../kernel/admission.js';
import type { Exchange } from '../kernel/exchange.js';
import { readRequestBody } from '../kernel/request-body.js';
import type { Route } from '../routes/route.js';
import { markFormBody, markGuard, markPublic, markRoleRequirement, markUnconfirmedAllowed } from '../guard/route-guard.js';
import { rememberVerifiedUser, verifiedUser, type VerifiedKeeping } from '../guard/verified-user.js';
import { routeDecision, type RouteDecision } from './route-decision.js';

/** What an adapter tells the guards about its framework: a translation, nothing more. */
export interface GuardBinding<Req extends object, H> {
  /** The framework's middleware that runs `check`, then the next handler; what `check` throws or rejects with goes to the framework's error handling. */
  middleware(check: (request: Req) => void | Promise<void>): H;
  /** The request as the kernel's exchange port (for its `Authorization` header and its body). */
  exchange(request: Req): Exchange<unknown>;
  /** Puts the verified caller where the framework's handlers read it: `req.user`, `c.set('user')`. */
  setUser(request: Req, user: AccessTokenPayload): void;
  /** Puts the body after the JSON rules where the framework's handlers read it: `req.body`, `c.set('body')`. */
  setBody(request: Req, body: unknown): void;
  /**
   * Where the verified caller is kept for the guards that read it after (`requireUser`, `roles`):
   * `weak-map` (the default, for any object) or `symbol`, a property only Gatehouse can name, for a
   * request object that takes a new property cheaply (Hono's context). See `VerifiedKeeping`.
   */
  keepVerified?: VerifiedKeeping;
}

/** `roles('admin')` on a guarded router, or `roles(auth, 'admin')` on a plain one. */
export interface RoleGuard<H> {
  (...required: Role[]): H;
  <R extends string>(auth: Auth<R>, ...required: NoInfer<R>[]): H;
}

/** The guard vocabulary of an adapter, the same on every framework (see `routeGuards`). */
export interface RouteGuards<Req extends object, H> {
  /** The no-op middleware that marks a route as open to anyone. */
  readonly publicRoute: H;
  /** Marks a route a signed-in account whose address is not confirmed yet may call (still with a valid token). */
  readonly unconfirmedAllowed: H;
  /** Verifies the bearer token and puts the caller on the request; 401 otherwise. */
  authenticate(verifier: AccessVerifier): H;
  /** The caller the guard verified; the 401 error when none did (a public route, a route outside the guard), never a 500. */
  requireUser(request: Req): AccessTokenPayload;
  /** Any one of the roles (OR; a role also counts as those it implies); 403 without, 401 without a verified caller. */
  readonly roles: RoleGuard<H>;
  /** Every one of the roles (AND); otherwise as `roles`. */
  readonly allRoles: RoleGuard<H>;
  /** 403 `REAUTHENTICATION_REQUIRED` unless the session authenticated at most `maxAgeSeconds` ago (default 10 minutes). */
  recentAuth(auth: Auth<string>, maxAgeSeconds?: number): H;
  /** The JSON body rules (413, 415, 400; an empty body is `undefined`), the result put on the request. */
  jsonBody(limitBytes?: number): H;
  /** How the deny-by-default guard treats a request, from the handler lists of the routes that match it (`routeDecision`). */
  decide(declarations: Iterable<readonly unknown[]>): RouteDecision | undefined;
  /** The guard's step for a request it decided: admission, then the caller and the body put on the request. */
  admit(admission: Admission, request: Req, decision: RouteDecision): Promise<void>;
  /** Marks the adapter's guard (or the router holding it), so a guard mounted inside another is not taken for a route. */
  markGuard<T extends object>(handler: T): T;
  /** Marks the handler of a library route as a declaration with its annotations would be (public, unconfirmed, roles, form body). */
  markRoute<T extends object>(handler: T, route: Route): T;
}

type RoleArguments = readonly (Auth<string> | string)[];

// `roles('admin')` or `roles(auth, 'admin')`.
function split(args: RoleArguments): [Auth<string> | undefined, string[]] {
  const [first, ...rest] = args;
  if (first === undefined || typeof first === 'string') return [undefined, args as string[]];
  return [first, rest as string[]];
}

/**
 * The guards every adapter exports (`publicRoute`, `roles`, `requireUser`, …) and the steps of its
 * deny-by-default guard, written once over a `GuardBinding`: the adapter says how its middleware
 * runs, how its request becomes an exchange and where the caller and the body go. The caller is
 * remembered for the request object itself (`rememberVerifiedUser`), so a user that something else
 * put on the request is never taken for one a guard verified.
 *
 * @example
 * const guards = routeGuards<Request, RequestHandler>({
 *   middleware: (check) => (req, _res, next) => void Promise.resolve(check(req)).then(() => next(), next),
 *   exchange: (req) => expressExchange(req, req.res!),
 *   setUser: (req, user) => { req.user = user; },
 *   setBody: (req, body) => { req.body = body; },
 * });
 * export const { publicRoute, roles, requireUser } = guards;
 */
export function routeGuards<Req extends object, H>(binding: GuardBinding<Req, H>): RouteGuards<Req, H> {
  const admitted = (request: Req, user: AccessTokenPayload<string>, verifier: AccessVerifier) => {
    rememberVerifiedUser(request, user, verifier.roles, binding.keepVerified);
    // Typed with the registered role set (`Register`), which is this instance's.
    binding.setUser(request, user as AccessTokenPayload);
  };
  const verify = async (verifier: AccessVerifier, request: Req) => {
    const token = readBearerToken(binding.exchange(request).header('authorization'));
    admitted(request, await verifier.verifyAccessToken(token), verifier);
  };
  // On a guarded router the guard verified the caller; elsewhere, given `auth`, verify here; without, 401.
  const requireRoles = (requirement: RoleRequirement<string>, auth: Auth<string> | undefined): H =>
    markRoleRequirement(
      binding.middleware((request) => {
        if (verifiedUser(request) || !auth) return assertRoles(request, requirement);
        return verify(auth, request).then(() => assertRoles(request, requirement));
      }) as object,
      requirement,
    ) as H;
  const requireUser = (request: Req) => requireVerifiedUser(request) as AccessTokenPayload;
  const pass = () => binding.middleware(() => {}) as object;

  return {
    publicRoute: markPublic(pass()) as H,
    unconfirmedAllowed: markUnconfirmedAllowed(pass()) as H,
    authenticate: (verifier) => binding.middleware((request) => verify(verifier, request)),
    requireUser,
    roles: ((...args: RoleArguments) => {
      const [auth, required] = split(args);
      return requireRoles(anyOf<string>(...required), auth);
    }) as RoleGuard<H>,
    allRoles: ((...args: RoleArguments) => {
      const [auth, required] = split(args);
      return requireRoles(allOf<string>(...required), auth);
    }) as RoleGuard<H>,
    recentAuth: (auth, maxAgeSeconds) =>
      binding.middleware((request) => auth.assertRecentAuthentication(requireUser(request), maxAgeSeconds)),
    jsonBody: (limitBytes = DEFAULT_BODY_LIMIT_BYTES) =>
      binding.middleware(async (request) => binding.setBody(request, await readRequestBody(binding.exchange(request), 'json', limitBytes))),
    decide: routeDecision,
    admit(admission, request, decision) {
      const exchange = binding.exchange(request);
      return admission.admit(exchange, decision.access, decision.body).then(({ user, body }) => {
        if (user) admitted(request, user, admission.verifier);
        // A GET or HEAD has no body to put there (and leaves what the framework has, undefined).
        if (decision.body !== 'none' && methodTakesBody(exchange.method)) binding.setBody(request, body);
      });
    },
    markGuard,
    markRoute(handler, route) {
      if (route.access === 'public' && !route.roles) markPublic(handler);
      if (route.allowsUnconfirmed) markUnconfirmedAllowed(handler);
      if (route.roles) markRoleRequirement(handler, anyOf<string>(...route.roles));
      if (route.body === 'form') markFormBody(handler);
      return handler;
    },
  };
}
