import { allOf, anyOf, type AccessTokenPayload, type Auth, type Role, type RoleRequirement } from '@gatehousejs/core';
import {
  assertRoles,
  type AccessVerifier,
  markPublic,
  markRoleRequirement,
  markUnconfirmedAllowed,
  readBearerToken,
  rememberVerifiedUser,
  requireVerifiedUser,
  verifiedUser,
} from '@gatehousejs/http';
import type { Context, MiddlewareHandler } from 'hono';
import type { GatehouseEnv } from './gatehouse-env.js';

/**
 * Marks a route of a `secureRoutes` app as open to anyone. Only routes carrying this marker skip
 * authentication.
 *
 * @example
 * api.get('/health', publicRoute, (c) => c.json({ status: 'ok' }));
 */
export const publicRoute: MiddlewareHandler = markPublic<MiddlewareHandler>((_c, next) => next());

/**
 * Marks a route of a `secureRoutes` app as one a signed-in account whose address is not confirmed
 * yet may call, also under `requireEmailVerification` (what it needs to add and confirm an
 * address). The route still needs a valid access token.
 *
 * @example
 * api.put('/users/me/email', unconfirmedAllowed, (c) => c.json({ message: 'sent' }, 202));
 */
export const unconfirmedAllowed: MiddlewareHandler = markUnconfirmedAllowed<MiddlewareHandler>((_c, next) => next());

/** Records the user a Gatehouse guard verified: `c.get('user')`, and for `roles(…)` the role check of the auth instance (or JWKS verifier) that verified it. */
export function admitUser(c: Context, user: AccessTokenPayload<string>, auth: AccessVerifier): void {
  rememberVerifiedUser(c, user, auth.roles);
  // `c.get('user')` is typed with the registered role set (`Register`), which is this instance's.
  (c as Context<GatehouseEnv>).set('user', user as AccessTokenPayload);
}

/** Verifies the bearer access token (always: only the guard's verdict counts) and records it; rejects with the 401. */
async function verifyContext(auth: Auth<string>, c: Context): Promise<void> {
  admitUser(c, await auth.verifyAccessToken(readBearerToken(c.req.header('authorization'))), auth);
}

/**
 * Verifies the bearer access token and sets `c.get('user')`; throws the 401 error otherwise. A
 * `secureRoutes` app does this for you; use it on a plain Hono app.
 *
 * @example
 * app.get('/me', authenticate(auth), (c) => c.json(requireUser(c)));
 */
export function authenticate(auth: Auth<string>): MiddlewareHandler<GatehouseEnv> {
  return async (c, next) => {
    await verifyContext(auth, c);
    await next();
  };
}

/**
 * The user the Gatehouse guard verified for this request; the 401 error when none did (a public
 * route, or a route outside the guard), never a 500. `c.get('user')` is typed as possibly absent;
 * this is the typed way to say "this route is protected".
 *
 * @example
 * api.get('/users/me', async (c) => c.json(await auth.getUserProfile(requireUser(c).id)));
 */
export function requireUser(c: Context): AccessTokenPayload {
  // Typed with the registered role set (`Register`): the app's, when it registered its instance.
  return requireVerifiedUser(c) as AccessTokenPayload;
}

/**
 * The role check of a route, deny by default. In a secureRoutes app the guard has verified the token
 * and `assertRoles` applies the role check of the auth instance that verified it. Elsewhere, with
 * `auth`, it verifies the token here; without, it answers 401 rather than failing with a 500.
 */
export function requireRoles(requirement: RoleRequirement<string>, auth: Auth<string> | undefined): MiddlewareHandler<GatehouseEnv> {
  const handler: MiddlewareHandler<GatehouseEnv> = async (c, next) => {
    if (!verifiedUser(c) && auth) await verifyContext(auth, c);
    assertRoles(c, requirement);
    await next();
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
 * counts as the roles it implies); 403 otherwise. In a `secureRoutes` app the guard has verified
 * the token; on a plain Hono app pass `auth` first and it verifies the token itself (401 without a
 * valid one). Without `auth` and without the guard it answers 401.
 *
 * The roles are those of `auth` (`createAuth({ roles })`) when it is passed, else those of the
 * registered instance (see `Register` in `@gatehousejs/core`), else the spec's four.
 *
 * @example
 * api.get('/reports', roles('manager', 'admin', 'super'), (c) => c.json({ reports: [] }));
 * plainApp.get('/reports', roles(auth, 'manager'), (c) => c.json({ reports: [] }));
 */
export function roles(...required: Role[]): MiddlewareHandler<GatehouseEnv>;
export function roles<R extends string>(auth: Auth<R>, ...required: NoInfer<R>[]): MiddlewareHandler<GatehouseEnv>;
export function roles(...args: RoleArguments): MiddlewareHandler<GatehouseEnv> {
  const [auth, required] = split(args);
  return requireRoles(anyOf<string>(...required), auth);
}

/**
 * The user needs every one of the roles (AND, beyond the spec; with a `roleHierarchy`, a role also
 * counts as the roles it implies); 403 otherwise. Takes `auth` first on a plain Hono app, as
 * `roles` does.
 *
 * @example
 * api.get('/audit', allRoles('manager', 'user'), (c) => c.json({ ok: true }));
 */
export function allRoles(...required: Role[]): MiddlewareHandler<GatehouseEnv>;
export function allRoles<R extends string>(auth: Auth<R>, ...required: NoInfer<R>[]): MiddlewareHandler<GatehouseEnv>;
export function allRoles(...args: RoleArguments): MiddlewareHandler<GatehouseEnv> {
  const [auth, required] = split(args);
  return requireRoles(allOf<string>(...required), auth);
}
