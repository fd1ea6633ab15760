import type { RoleRequirement } from '@gatehousejs/core';

const PUBLIC = Symbol.for('gatehouse.public-route');
const REQUIREMENT = Symbol.for('gatehouse.role-requirement');
const GUARD = Symbol.for('gatehouse.guard');

type Marked = { [PUBLIC]?: true; [REQUIREMENT]?: RoleRequirement<string>; [GUARD]?: true };

/** Marks a framework's no-op middleware as the "this route is public" annotation. */
export function markPublic<H extends object>(handler: H): H {
  return Object.assign(handler, { [PUBLIC]: true as const });
}

/** Marks a framework's role-check middleware with the requirement it enforces. */
export function markRoleRequirement<H extends object>(handler: H, requirement: RoleRequirement<string>): H {
  return Object.assign(handler, { [REQUIREMENT]: requirement });
}

/** Marks an adapter's deny-by-default guard, so a guard mounted inside another is not taken for a route. */
export function markGuard<H extends object>(handler: H): H {
  return Object.assign(handler, { [GUARD]: true as const });
}

export const isPublicMarker = (handler: unknown): boolean => (handler as Marked | null)?.[PUBLIC] === true;
export const isRoleMarker = (handler: unknown): boolean => (handler as Marked | null)?.[REQUIREMENT] !== undefined;
export const isGuardMarker = (handler: unknown): boolean => (handler as Marked | null)?.[GUARD] === true;

/**
 * What a deny-by-default guard does with a request, decided from the routes of its router that
 * match it: `unmatched` (none: the request is someone else's, e.g. the JSON 404), `public` or
 * `protected`.
 */
export type RouteAccess = 'unmatched' | 'public' | 'protected';

/**
 * Deny by default, decided once for every adapter. `declarations` are the handler lists of the
 * routes that match the request (one list per declaration: `get(path, ...handlers)`). The request
 * is public only if every one of them carries the public marker; a route that also requires roles
 * is protected all the same (fail closed: the role check needs a verified user). No declaration:
 * `unmatched`.
 *
 * @example
 * routeAccess([[publicRoute, health]]);             // 'public'
 * routeAccess([[publicRoute, h1], [h2]]);           // 'protected': h2 would run too if h1 passed on
 * routeAccess([]);                                  // 'unmatched'
 */
export function routeAccess(declarations: Iterable<readonly unknown[]>): RouteAccess {
  let access: RouteAccess = 'unmatched';
  for (const handlers of declarations) {
    if (!declarationIsPublic(handlers)) return 'protected';
    access = 'public';
  }
  return access;
}

/** One declaration's handlers: public when the marker is among them and no role requirement is. */
export function declarationIsPublic(handlers: readonly unknown[]): boolean {
  let isPublic = false;
  for (const handler of handlers) {
    if (isRoleMarker(handler)) return false;
    if (isPublicMarker(handler)) isPublic = true;
  }
  return isPublic;
}
