import { z } from 'zod';
import { parseSettings } from '../config/auth-config.js';
import { ROLES, type Role, type RoleRequirement } from './roles.js';

/**
 * Which roles a holder of `super` or `admin` may give or take away (`'*'`: every role). The holders
 * of these two roles are the administrators of CONTRACT §8; a key left out keeps its default.
 */
export interface GrantPolicy<R extends string = Role> {
  readonly super?: '*' | readonly R[];
  readonly admin?: '*' | readonly R[];
}

/** Each role and the roles it implies directly, e.g. `{ admin: ['manager'], manager: ['user'] }`. */
export type RoleHierarchy<R extends string = Role> = { readonly [K in R]?: readonly R[] };

/** The role settings of `createAuth`, as the app writes them. */
export interface RoleOptions<R extends string = Role> {
  /**
   * The role set, which must include `super` (bootstrap and the last-super rule need it). Default:
   * the spec's four, `['super', 'admin', 'manager', 'user']`.
   */
  readonly roles?: readonly R[];
  /**
   * Who may grant what. Default, CONTRACT §7: `super` grants every role; `admin` every role but
   * `super` and `admin`. An actor may change a user's roles only if it may grant every role the user
   * holds before and after the change (so an admin cannot touch another admin).
   */
  readonly grantPolicy?: GrantPolicy<R>;
  /**
   * Off by default (the spec's plain OR). When set, a guard counts a held role as every role it
   * implies, transitively: with `{ admin: ['manager'] }`, `roles('manager')` admits an admin.
   * Only guards use it; user management reads the roles users hold.
   */
  readonly roleHierarchy?: RoleHierarchy<R>;
}

/** The role set of one auth instance (`auth.roles`), as configured. */
export interface RolePolicy<R extends string = Role> {
  /** The configured roles, in the configured order. */
  readonly all: readonly R[];
  /** Whether `value` is one of the configured roles. */
  isRole(value: unknown): value is R;
  /**
   * The guards' check, deny by default: whether `held` meets `requirement`, counting each held role
   * as the roles it implies when a hierarchy is configured. Unknown strings count as missing.
   */
  satisfies(held: readonly string[], requirement: RoleRequirement<R>): boolean;
  /** Whether a holder of `actorRoles` may give or take away `role` (the grant policy). */
  mayGrant(actorRoles: readonly string[], role: string): boolean;
}

// The SQL stores keep a role in a varchar(32); the characters keep roles safe in URLs and logs.
const ROLE_NAME = /^[A-Za-z][A-Za-z0-9_.:-]{0,31}$/;

const roleName = z.string().regex(ROLE_NAME, 'must be 1 to 32 letters, digits, _ . : or -, starting with a letter');
const roleList = z.array(roleName).readonly();

const schema = z
  .object({
    roles: z
      .array(roleName)
      .min(1, 'must list at least one role')
      .max(64, 'must list at most 64 roles')
      .refine((roles) => new Set(roles).size === roles.length, 'must not list a role twice')
      .refine((roles) => roles.includes('super'), "must include 'super' (bootstrap and the last-super rule rely on it)")
      .default([...ROLES]),
    grantPolicy: z
      .object({ super: z.union([z.literal('*'), roleList]).optional(), admin: z.union([z.literal('*'), roleList]).optional() })
      .strict()
      .default({}),
    roleHierarchy: z.record(z.string(), roleList).optional(),
  })
  .superRefine((settings, ctx) => {
    const known = new Set(settings.roles);
    const unknown = (path: (string | number)[], role: string) => {
      if (!known.has(role)) ctx.addIssue({ code: 'custom', path, message: `names '${role}', which is not in roles` });
    };
    for (const key of ['super', 'admin'] as const) {
      const grants = settings.grantPolicy[key];
      if (Array.isArray(grants)) for (const [i, role] of grants.entries()) unknown(['grantPolicy', key, i], role);
    }
    for (const [role, implied] of Object.entries(settings.roleHierarchy ?? {})) {
      unknown(['roleHierarchy', role], role);
      for (const [i, child] of implied.entries()) unknown(['roleHierarchy', role, i], child);
    }
  });

/** Every role `role` stands for under `hierarchy`: itself and what it implies, transitively. */
function impliedRoles(role: string, hierarchy: Readonly<Record<string, readonly string[]>>): readonly string[] {
  const seen = new Set<string>();
  const pending = [role];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    pending.push(...(Object.hasOwn(hierarchy, next) ? (hierarchy[next] ?? []) : []));
  }
  return Object.freeze([...seen]);
}

/**
 * Parses the role settings of `createAuth` once, eagerly: a wrong one throws `INVALID_CONFIG` naming
 * it (`roles`, `grantPolicy.admin.0`, `roleHierarchy.admin`).
 */
export function createRolePolicy<R extends string>(options: RoleOptions<R>): RolePolicy<R> {
  const parsed = parseSettings(schema, { roles: options.roles, grantPolicy: options.grantPolicy, roleHierarchy: options.roleHierarchy });
  const all = Object.freeze([...parsed.roles]) as readonly R[];
  const known = new Set<string>(all);
  const grants = {
    super: parsed.grantPolicy.super ?? '*',
    admin: parsed.grantPolicy.admin ?? all.filter((role) => role !== 'super' && role !== 'admin'),
  };
  const hierarchy = parsed.roleHierarchy;
  const implied = hierarchy ? new Map(all.map((role) => [role as string, impliedRoles(role, hierarchy)])) : undefined;

  const isRole = (value: unknown): value is R => typeof value === 'string' && known.has(value);
  const owned = (held: readonly string[]): Set<string> => {
    const set = new Set<string>();
    for (const role of held) {
      if (!isRole(role)) continue;
      for (const each of implied?.get(role) ?? [role]) set.add(each);
    }
    return set;
  };

  return Object.freeze({
    all,
    isRole,
    satisfies(held: readonly string[], requirement: RoleRequirement<R>) {
      if (requirement.roles.length === 0) return true;
      const has = owned(held);
      return requirement.mode === 'anyOf'
        ? requirement.roles.some((role) => has.has(role))
        : requirement.roles.every((role) => has.has(role));
    },
    mayGrant(actorRoles: readonly string[], role: string) {
      // A role no longer configured is not refused here: a '*' holder may still take it away.
      return actorRoles.some((actorRole) => {
        const granted = actorRole === 'super' || actorRole === 'admin' ? grants[actorRole] : undefined;
        return granted === '*' || (granted?.includes(role) ?? false);
      });
    },
  });
}
