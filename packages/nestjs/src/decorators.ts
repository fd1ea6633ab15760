import { type AccessTokenPayload, type Auth, AuthError, type Role } from '@gatehousejs/core';
import { createParamDecorator, type CustomDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';

/** Metadata keys the guard reads (on the handler first, then on its controller). */
export const PUBLIC_KEY = 'gatehouse:public';
export const ROLES_KEY = 'gatehouse:roles';
export const ALL_ROLES_KEY = 'gatehouse:all-roles';
export const UNCONFIRMED_KEY = 'gatehouse:unconfirmed-allowed';

/**
 * Opens a route (or every route of a controller) to anyone: the global guard skips the token. Only
 * routes carrying it do; every other route needs a valid access token (deny by default).
 *
 * @example
 * \@Public() \@Get('health') health() { return { status: 'ok' }; }
 */
export const Public = (): CustomDecorator<string> => SetMetadata(PUBLIC_KEY, true);

/**
 * The caller needs at least one of the roles (the spec's OR; with a `roleHierarchy`, a role also
 * counts as those it implies): 401 without a valid token, 403 without the role. Typed by the roles
 * of the registered instance (`Register` in `@gatehousejs/core`), else the spec's four. On a
 * handler it replaces the controller's roles.
 *
 * @example
 * \@Roles('manager', 'admin') \@Get('reports') reports() { return []; }
 */
export const Roles = (...roles: Role[]): CustomDecorator<string> => SetMetadata(ROLES_KEY, roles);

/**
 * The caller needs every one of the roles (AND, beyond the spec; with a `roleHierarchy`, a role
 * also counts as those it implies): 401 without a valid token, 403 otherwise. Typed as `@Roles`.
 *
 * @example
 * \@AllRoles('manager', 'user') \@Get('audit') audit() { return { ok: true }; }
 */
export const AllRoles = (...roles: Role[]): CustomDecorator<string> => SetMetadata(ALL_ROLES_KEY, roles);

/**
 * `@Roles` typed by the roles of `auth` (`createAuth({ roles })`), for an app that does not
 * register its instance (`Register`): a role outside the set is a compile error.
 *
 * @example
 * const AppRoles = rolesOf(auth); // auth: Auth<'user' | 'editor' | …>
 * \@AppRoles('editor') \@Get('drafts') drafts() { return []; }
 */
export function rolesOf<R extends string>(_auth: Auth<R>): (...roles: NoInfer<R>[]) => CustomDecorator<string> {
  return (...roles) => SetMetadata(ROLES_KEY, roles);
}

/**
 * Lets a signed-in account whose address is not confirmed yet call the route, also under
 * `requireEmailVerification`. The route still needs a valid access token.
 */
export const UnconfirmedAllowed = (): CustomDecorator<string> => SetMetadata(UNCONFIRMED_KEY, true);

/**
 * The verified access-token payload of the caller, as the global guard found it. On a `@Public()`
 * route there is none, and the parameter is the 401 error rather than `undefined`.
 *
 * @example
 * \@Get('me') me(\@CurrentUser() user: AccessTokenPayload) { return { id: user.id }; }
 */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AccessTokenPayload => {
  const user = context.switchToHttp().getRequest<{ user?: AccessTokenPayload }>().user;
  if (!user) throw new AuthError('TOKEN_MISSING');
  return user;
});
