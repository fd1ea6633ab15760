import type { RoleRequirement } from '@gatehousejs/core';

const PUBLIC = Symbol.for('gatehouse.public-route');
const REQUIREMENT = Symbol.for('gatehouse.role-requirement');
const GUARD = Symbol.for('gatehouse.guard');
const UNCONFIRMED = Symbol.for('gatehouse.unconfirmed-allowed');
const FORM_BODY = Symbol.for('gatehouse.form-body');

type Marked = { [PUBLIC]?: true; [REQUIREMENT]?: RoleRequirement<string>; [GUARD]?: true; [UNCONFIRMED]?: true; [FORM_BODY]?: true };

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

/**
 * Marks a framework's no-op middleware as "a signed-in account whose address is not confirmed yet
 * may call this route": what it needs to add and confirm an address under `requireEmailVerification`.
 */
export function markUnconfirmedAllowed<H extends object>(handler: H): H {
  return Object.assign(handler, { [UNCONFIRMED]: true as const });
}

/**
 * Marks a framework's middleware that reads an `application/x-www-form-urlencoded` body itself (a
 * form_post callback), so the guard leaves that route's body to it instead of the JSON rule.
 */
export function markFormBody<H extends object>(handler: H): H {
  return Object.assign(handler, { [FORM_BODY]: true as const });
}

export const isPublicMarker = (handler: unknown): boolean => (handler as Marked | null)?.[PUBLIC] === true;
export const isRoleMarker = (handler: unknown): boolean => (handler as Marked | null)?.[REQUIREMENT] !== undefined;
export const isGuardMarker = (handler: unknown): boolean => (handler as Marked | null)?.[GUARD] === true;
const isUnconfirmedMarker = (handler: unknown): boolean => (handler as Marked | null)?.[UNCONFIRMED] === true;
const isFormBodyMarker = (handler: unknown): boolean => (handler as Marked | null)?.[FORM_BODY] === true;

/**
 * What a deny-by-default guard does with a request, decided from the routes of its router that
 * match it: `unmatched` (none: the request is someone else's, e.g. the JSON 404), `public`,
 * `protected`, or `unconfirmed-allowed` (protected, but a token of an account whose address is not
 * confirmed passes too).
 */
export type RouteAccess = 'unmatched' | 'public' | 'protected' | 'unconfirmed-allowed';

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
 * routeAccess([[unconfirmedAllowed, changeEmail]]); // 'unconfirmed-allowed'
 */
export function routeAccess(declarations: Iterable<readonly unknown[]>): RouteAccess {
  let access: RouteAccess = 'unmatched';
  for (const handlers of declarations) {
    if (declarationIsPublic(handlers)) {
      if (access === 'unmatched') access = 'public';
    } else if (declarationAllowsUnconfirmed(handlers)) {
      access = 'unconfirmed-allowed';
    } else {
      return 'protected';
    }
  }
  return access;
}

/** Protected, and open to an unconfirmed account: the marker is among the handlers and no role requirement is. */
function declarationAllowsUnconfirmed(handlers: readonly unknown[]): boolean {
  let allowed = false;
  for (const handler of handlers) {
    if (isRoleMarker(handler)) return false;
    if (isUnconfirmedMarker(handler)) allowed = true;
  }
  return allowed;
}

/**
 * Whether the guard leaves the body to the route's own form reader: only when every matched
 * declaration carries the form marker (any other gets the JSON rule, fail closed).
 *
 * @example
 * readsFormBody([[publicRoute, formReader, callback]]); // true
 * readsFormBody([[publicRoute, formReader, h1], [h2]]); // false: h2 expects JSON rules
 */
export function readsFormBody(declarations: Iterable<readonly unknown[]>): boolean {
  let form = false;
  for (const handlers of declarations) {
    if (!handlers.some(isFormBodyMarker)) return false;
    form = true;
  }
  return form;
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
