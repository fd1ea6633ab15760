import {
  allOf,
  anyOf,
  type AccessTokenOptions,
  type AccessTokenPayload,
  type Auth,
  type Role,
  type RoleRequirement,
} from '@gatehousejs/core';
import {
  assertRoles,
  cachedBearerUser,
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

/**
 * Verifies the bearer access token of the request and sets `c.get('user')`; throws the 401 error
 * otherwise. Returns nothing when the token was already verified and is in the cache (the common
 * case), so the guard goes on without a promise; a promise only when the token needs the full check.
 */
export function verifyContext(auth: Auth<string>): (c: Context, options?: AccessTokenOptions) => Promise<void> | undefined {
  const accept = (c: Context<GatehouseEnv>, user: AccessTokenPayload<string>) => {
    rememberVerifiedUser(c, user, auth.roles);
    // `c.get('user')` is typed with the registered role set (`Register`), which is this instance's.
    c.set('user', user as AccessTokenPayload);
  };
  return (c, options) => {
    // Always verified, even if something set `user` before: only the guard's verdict counts.
    const authorization = c.req.header('authorization');
    const cached = cachedBearerUser(auth, authorization, options);
    if (cached) return void accept(c, cached);
    return auth.verifyAccessToken(readBearerToken(authorization), options).then((user) => accept(c, user));
  };
}

/**
 * Verifies the bearer access token and sets `c.get('user')`; throws the 401 error otherwise. A
 * `secureRoutes` app does this for you; use it on a plain Hono app.
 *
 * @example
 * app.get('/me', authenticate(auth), (c) => c.json(requireUser(c)));
 */
export function authenticate(auth: Auth<string>): MiddlewareHandler<GatehouseEnv> {
  const verify = verifyContext(auth);
  return (c, next) => {
    const pending = verify(c);
    return pending ? pending.then(() => next()) : next();
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
  const verify = auth && verifyContext(auth);
  const handler: MiddlewareHandler<GatehouseEnv> = (c, next) => {
    const pending = verifiedUser(c) || !verify ? undefined : verify(c);
    const check = () => {
      assertRoles(c, requirement);
      return next();
    };
    return pending ? pending.then(check) : check();
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
