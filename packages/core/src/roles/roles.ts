/**
 * The spec's role set, and the default of `createAuth({ roles })`. An app with other roles configures
 * them there; this tuple never changes at run time.
 */
export const ROLES = ['super', 'admin', 'manager', 'user'] as const;

/** One of the spec's four roles. */
export type SpecRole = (typeof ROLES)[number];

/**
 * Register your auth instance here so that the types that cannot see it (`roles('editor')` without
 * `auth`, `req.user.roles`, `c.get('user').roles`, `Role`) use its roles, as TanStack Router's
 * `Register` does. Without it they are the spec's four.
 *
 * @example
 * export const auth = createAuth({ roles: ['super', 'admin', 'manager', 'user', 'editor'] as const, config, store, mailer });
 * declare module '@gatehousejs/core' {
 *   interface Register {
 *     auth: typeof auth;
 *   }
 * }
 */
// biome-ignore lint/suspicious/noEmptyInterface: an interface an app augments must exist empty here.
export interface Register {}

/** A role of the registered auth instance (see `Register`); the spec's four when none is registered. */
export type Role = Register extends { auth: { readonly roles: { readonly all: readonly (infer R extends string)[] } } } ? R : SpecRole;

/** Whether `value` is one of the spec's four roles. An auth instance's own set: `auth.roles.isRole`. */
export function isRole(value: unknown): value is SpecRole {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * A role requirement: `anyOf` is the spec's OR, `allOf` the AND variant. An empty list admits any
 * authenticated user (spec §5.3.3).
 */
export interface RoleRequirement<R extends string = Role> {
  readonly mode: 'anyOf' | 'allOf';
  readonly roles: readonly R[];
}

/** The user needs at least one of `roles`. @example anyOf('admin', 'super') */
export function anyOf<R extends string = Role>(...roles: NoInfer<R>[]): RoleRequirement<R> {
  return Object.freeze({ mode: 'anyOf', roles: Object.freeze([...roles]) });
}

/** The user needs every one of `roles`. @example allOf('manager', 'user') */
export function allOf<R extends string = Role>(...roles: NoInfer<R>[]): RoleRequirement<R> {
  return Object.freeze({ mode: 'allOf', roles: Object.freeze([...roles]) });
}

/** Roles that only a `super` may hand out by default (CONTRACT §7); holders reach user management. */
export const PRIVILEGED_ROLES: readonly SpecRole[] = Object.freeze(['super', 'admin'] as const);
