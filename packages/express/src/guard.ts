import { allOf, anyOf, type AccessTokenPayload, type Auth, type Role, type RoleRequirement } from '@gatehousejs/core';
import {
  assertRoles,
  type AccessVerifier,
  markPublic,
  markRoleRequirement,
  markUnconfirmedAllowed,
  readBearerToken,
  readRawHeader,
  rememberVerifiedUser,
  requireVerifiedUser,
  verifiedUser,
} from '@gatehousejs/http';
import type { NextFunction, Request, RequestHandler } from 'express';

/**
 * Marks a route of a `secureRouter` as open to anyone. Only routes carrying this marker skip
 * authentication.
 *
 * @example
 * api.get('/health', publicRoute, (_req, res) => { res.json({ status: 'ok' }); });
 */
export const publicRoute: RequestHandler = markPublic<RequestHandler>((_req, _res, next) => next());

/**
 * Marks a route of a `secureRouter` as one a signed-in account whose address is not confirmed yet
 * may call, also under `requireEmailVerification` (what it needs to add and confirm an address).
 * The route still needs a valid access token.
 *
 * @example
 * api.put('/users/me/email', unconfirmedAllowed, (req, res) => { res.status(202).json({ message: 'sent' }); });
 */
export const unconfirmedAllowed: RequestHandler = markUnconfirmedAllowed<RequestHandler>((_req, _res, next) => next());

/** Records the user a Gatehouse guard verified: `req.user`, and for `roles(…)` the role check of the auth instance (or JWKS verifier) that verified it. */
export function admitUser(req: Request, user: AccessTokenPayload<string>, auth: AccessVerifier): void {
  rememberVerifiedUser(req, user, auth.roles);
  // `req.user` is typed with the registered role set (`Register`), which is this instance's.
  req.user = user as Express.User;
}

/** Verifies the bearer access token of `req` and records it (`admitUser`); rejects with the 401 error. */
async function verifyRequest(auth: Auth<string>, req: Request): Promise<void> {
  const user = await auth.verifyAccessToken(readBearerToken(readRawHeader(req.rawHeaders, 'authorization')));
  admitUser(req, user, auth);
}

/**
 * Verifies the bearer access token and puts its payload on `req.user`; 401 otherwise. A
 * `secureRouter` does this for you; use it on a route of a plain router.
 *
 * @example
 * app.get('/me', authenticate(auth), (req, res) => { res.json(requireUser(req)); });
 */
export function authenticate(auth: Auth<string>): RequestHandler {
  return (req, _res, next) => {
    verifyRequest(auth, req).then(() => next(), next);
  };
}

/**
 * The user the Gatehouse guard verified for this request; the 401 error when none did (a public
 * route, or a route outside the guard), never a 500.
 *
 * @example
 * api.get('/users/me', async (req, res) => { res.json(await auth.getUserProfile(requireUser(req).id)); });
 */
export function requireUser(req: Request): AccessTokenPayload {
  // Typed with the registered role set (`Register`): the app's, when it registered its instance.
  return requireVerifiedUser(req) as AccessTokenPayload;
}

/**
 * The role check of a route, deny by default. On a secureRouter the guard has verified the token
 * and `assertRoles` applies the role check of the auth instance that verified it. Elsewhere, with
 * `auth`, it verifies the token here; without, it answers 401 rather than failing with a 500.
 */
export function requireRoles(requirement: RoleRequirement<string>, auth: Auth<string> | undefined): RequestHandler {
  const check = (req: Request, next: NextFunction) => {
    try {
      assertRoles(req, requirement);
      next();
    } catch (error) {
      next(error);
    }
  };
  const handler: RequestHandler = (req, _res, next) => {
    if (verifiedUser(req) || !auth) return check(req, next);
    verifyRequest(auth, req).then(() => check(req, next), next);
  };
  return markRoleRequirement(handler, requirement);
}

type RoleArguments = readonly (Auth<string> | string)[];

// `roles('admin')` or `roles(auth, 'admin')`.
function split(args: RoleArguments): [Auth<string> | undefined, string[]] {
  const [first, ...rest] = args;
  if (first === undefined || typeof first === 'string') return [undefined, args as string[]];
  return [first, rest as string[]];
}

/**
 * The user needs at least one of the roles (the spec's OR; with a `roleHierarchy`, a role also
 * counts as the roles it implies); 403 otherwise. On a `secureRouter` the guard has verified the
 * token; on a plain router pass `auth` first and it verifies the token itself (401 without a valid
 * one). Without `auth` and without the guard it answers 401.
 *
 * The roles are those of `auth` (`createAuth({ roles })`) when it is passed, else those of the
 * registered instance (see `Register` in `@gatehousejs/core`), else the spec's four.
 *
 * @example
 * api.get('/reports', roles('manager', 'admin'), (_req, res) => { res.json([]); });
 * plainRouter.get('/reports', roles(auth, 'manager', 'admin'), (_req, res) => { res.json([]); });
 */
export function roles(...required: Role[]): RequestHandler;
export function roles<R extends string>(auth: Auth<R>, ...required: NoInfer<R>[]): RequestHandler;
export function roles(...args: RoleArguments): RequestHandler {
  const [auth, required] = split(args);
  return requireRoles(anyOf<string>(...required), auth);
}

/**
 * The user needs every one of the roles (AND, beyond the spec; with a `roleHierarchy`, a role also
 * counts as the roles it implies); 403 otherwise. Takes `auth` first on a plain router, as `roles`
 * does.
 *
 * @example
 * api.get('/audit', allRoles('manager', 'user'), (_req, res) => { res.json({ ok: true }); });
 */
export function allRoles(...required: Role[]): RequestHandler;
export function allRoles<R extends string>(auth: Auth<R>, ...required: NoInfer<R>[]): RequestHandler;
export function allRoles(...args: RoleArguments): RequestHandler {
  const [auth, required] = split(args);
  return requireRoles(allOf<string>(...required), auth);
}
