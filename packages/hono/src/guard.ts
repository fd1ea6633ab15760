import { allOf, anyOf, type Auth, type Role, type RoleRequirement } from '@gatehouse/core';
import { assertRoles, cachedBearerUser, markPublic, markRoleRequirement, readBearerToken } from '@gatehouse/http';
import type { Context, MiddlewareHandler } from 'hono';
import type { GatehouseEnv } from './gatehouse-env.js';
import { requestHeader } from './request-header.js';

/**
 * Marks a route of a `secureRoutes` app as open to anyone. Only routes carrying this marker skip
 * authentication.
 *
 * @example
 * api.get('/health', publicRoute, (c) => c.json({ status: 'ok' }));
 */
export const publicRoute: MiddlewareHandler = markPublic<MiddlewareHandler>(async (_c, next) => {
  await next();
});

/**
 * Verifies the bearer access token and sets `c.get('user')`; throws the 401 error otherwise.
 * `secureRoutes` puts it in front of every route that is not public; use it directly only on a
 * plain Hono app.
 *
 * @example
 * app.get('/me', authenticate(auth), (c) => c.json(c.get('user')));
 */
export function authenticate(auth: Auth): MiddlewareHandler<GatehouseEnv> {
  const verify = verifyBearer(auth);
  return async (c, next) => {
    await verify(c);
    await next();
  };
}

/**
 * The check of `authenticate` on its own, for `secureRoutes` to run inside a route's first handler
 * rather than as a middleware of its own (see `foldGuard`). Sets `c.get('user')` or throws the
 * 401 error. Returns nothing when the token was already verified and is in the cache (the common
 * case), so the route can answer synchronously; a promise only when the token needs the full check.
 */
export function verifyBearer(auth: Auth): (c: Context<GatehouseEnv>) => Promise<void> | undefined {
  return (c) => {
    // Always verified, even if something set `user` before: only the guard may set it.
    const authorization = requestHeader(c, 'authorization');
    const cached = cachedBearerUser(auth, authorization);
    if (cached) {
      c.set('user', cached);
      return undefined;
    }
    return auth.verifyAccessToken(readBearerToken(authorization)).then((user) => void c.set('user', user));
  };
}

function requireRoles(requirement: RoleRequirement): MiddlewareHandler<GatehouseEnv> {
  const handler: MiddlewareHandler<GatehouseEnv> = async (c, next) => {
    const user = c.get('user') as GatehouseEnv['Variables']['user'] | undefined;
    // Runs after `authenticate`; a missing user means the route was declared outside the guard.
    if (!user) throw new Error('role check reached without authentication');
    assertRoles(user, requirement);
    await next();
  };
  return markRoleRequirement(handler, requirement);
}

/**
 * The user needs at least one of `roles` (the spec's OR); 403 otherwise.
 *
 * @example
 * api.get('/reports', roles('manager', 'admin', 'super'), (c) => c.json({ reports: [] }));
 */
export const roles = (...required: Role[]): MiddlewareHandler<GatehouseEnv> => requireRoles(anyOf(...required));

/**
 * The user needs every one of `roles` (AND, beyond the spec); 403 otherwise.
 *
 * @example
 * api.get('/audit', allRoles('manager', 'user'), (c) => c.json({ ok: true }));
 */
export const allRoles = (...required: Role[]): MiddlewareHandler<GatehouseEnv> => requireRoles(allOf(...required));
