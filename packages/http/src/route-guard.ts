import type { RoleRequirement } from '@gatehouse/core';

const PUBLIC = Symbol.for('gatehouse.public-route');
const REQUIREMENT = Symbol.for('gatehouse.role-requirement');

type Marked = { [PUBLIC]?: true; [REQUIREMENT]?: RoleRequirement };

/** Marks a framework's no-op middleware as the "this route is public" annotation. */
export function markPublic<H extends object>(handler: H): H {
  return Object.assign(handler, { [PUBLIC]: true as const });
}

/** Marks a framework's role-check middleware with the requirement it enforces. */
export function markRoleRequirement<H extends object>(handler: H, requirement: RoleRequirement): H {
  return Object.assign(handler, { [REQUIREMENT]: requirement });
}

export const isPublicMarker = (handler: unknown): boolean => (handler as Marked | null)?.[PUBLIC] === true;
export const isRoleMarker = (handler: unknown): boolean => (handler as Marked | null)?.[REQUIREMENT] !== undefined;

/** The two middlewares an adapter puts in front of a declared route. */
export interface RouteGuardParts<H> {
  /** Verifies the bearer access token; answers 401 otherwise. */
  authenticate: H;
  /** Applies the JSON body rules. */
  body: H;
}

/**
 * Deny by default, decided once for every adapter: a route whose handlers do not include the public
 * marker gets `authenticate` first; every route gets the body rules next (after the guard, so an
 * anonymous caller's body is never parsed on a protected route). The marker itself is dropped. A
 * route marked public that also requires roles is a contradiction and fails at declaration.
 *
 * @example
 * router.get(path, ...guardRoute(path, handlers, { authenticate, body }));
 */
export function guardRoute<H>(path: unknown, handlers: readonly H[], parts: RouteGuardParts<H>): H[] {
  const isPublic = handlers.some(isPublicMarker);
  const rest = handlers.filter((h) => !isPublicMarker(h));
  if (isPublic && rest.some(isRoleMarker)) {
    throw new Error(`Route ${String(path)} is marked public and also requires roles; choose one.`);
  }
  return isPublic ? [parts.body, ...rest] : [parts.authenticate, parts.body, ...rest];
}
