import { allOf, anyOf, type RoleRequirement } from '@gatehousejs/core';

/** Who may call a route: anyone, a valid token, or a valid token of an account not confirmed yet too. */
export type Access = 'public' | 'protected' | 'unconfirmed-allowed';

/**
 * What a route declares about its callers, in the words every adapter's annotations use (Fastify's
 * route `config`, Nest's decorators, an `AppRoute` of the web-standard handler). Nothing declared
 * means a valid token (deny by default).
 */
export interface DeclaredAccess {
  /** Open to anyone, unless it also names roles (fail closed). */
  public?: boolean | undefined;
  /** A valid token of an account whose address is not confirmed yet passes too. */
  unconfirmedAllowed?: boolean | undefined;
  /** One of these roles (OR, through the role hierarchy). */
  roles?: readonly string[] | undefined;
  /** Every one of these roles (AND). */
  allRoles?: readonly string[] | undefined;
}

/** A route's declared access, compiled once when the route is declared; `admitRoute` applies it. */
export interface RouteRule {
  readonly access: Access;
  readonly requirements: readonly RoleRequirement<string>[];
}

/**
 * Deny by default, decided once for the adapters whose routes carry their annotations as data: a
 * route is public only if it says so and names no roles (the role check needs a verified user).
 *
 * @example
 * routeRule({ public: true });                    // { access: 'public', requirements: [] }
 * routeRule({ public: true, roles: ['admin'] });  // protected: fail closed
 * routeRule({});                                  // protected
 */
export function routeRule(declared: DeclaredAccess): RouteRule {
  const requirements: RoleRequirement<string>[] = [];
  if (declared.roles) requirements.push(anyOf<string>(...declared.roles));
  if (declared.allRoles) requirements.push(allOf<string>(...declared.allRoles));
  const access: Access =
    requirements.length > 0
      ? 'protected'
      : declared.public === true
        ? 'public'
        : declared.unconfirmedAllowed === true
          ? 'unconfirmed-allowed'
          : 'protected';
  return Object.freeze({ access, requirements: Object.freeze(requirements) });
}
