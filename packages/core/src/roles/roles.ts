/** The fixed role set of the spec. Extend this tuple to add a role; free-form strings are refused. */
export const ROLES = ['super', 'admin', 'manager', 'user'] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * A role requirement: `anyOf` is the spec's OR, `allOf` the AND variant. An empty list admits any
 * authenticated user (spec §5.3.3).
 */
export interface RoleRequirement {
  readonly mode: 'anyOf' | 'allOf';
  readonly roles: readonly Role[];
}

/** The user needs at least one of `roles`. @example anyOf('admin', 'super') */
export function anyOf(...roles: Role[]): RoleRequirement {
  return Object.freeze({ mode: 'anyOf', roles: Object.freeze([...roles]) });
}

/** The user needs every one of `roles`. @example allOf('manager', 'user') */
export function allOf(...roles: Role[]): RoleRequirement {
  return Object.freeze({ mode: 'allOf', roles: Object.freeze([...roles]) });
}

/** Pure check, deny by default: anything that is not a held, known role counts as missing. */
export function satisfiesRoles(held: readonly Role[], requirement: RoleRequirement): boolean {
  if (requirement.roles.length === 0) return true;
  const owned = new Set(held.filter(isRole));
  return requirement.mode === 'anyOf'
    ? requirement.roles.some((role) => owned.has(role))
    : requirement.roles.every((role) => owned.has(role));
}

/** Roles that only a `super` may hand out (CONTRACT §7). */
export const PRIVILEGED_ROLES: readonly Role[] = ['super', 'admin'];
