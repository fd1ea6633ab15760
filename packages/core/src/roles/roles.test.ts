import { describe, expect, it } from 'vitest';
import { createRolePolicy } from './role-policy.js';
import { PRIVILEGED_ROLES, ROLES, allOf, anyOf, isRole, type Role } from './roles.js';

// The guards' check of an auth instance with the default settings: the spec's roles, no hierarchy.
const satisfiesRoles = createRolePolicy({}).satisfies;

describe('isRole', () => {
  it.each(['super', 'admin', 'manager', 'user'])('accepts %j', (role) => {
    expect(isRole(role)).toBe(true);
  });

  it.each(['Admin', 'ADMIN', ' admin', 'root', '', 'superuser', 'toString', '__proto__', null, undefined, 1, ['admin'], { role: 'admin' }])(
    'refuses %j',
    (value) => {
      expect(isRole(value)).toBe(false);
    },
  );

  it('knows exactly the four roles of the spec', () => {
    expect(ROLES).toEqual(['super', 'admin', 'manager', 'user']);
    expect(PRIVILEGED_ROLES).toEqual(['super', 'admin']);
  });
});

describe('the default role check (spec roles, plain OR and AND)', () => {
  it('anyOf admits a user holding at least one listed role (OR)', () => {
    expect(satisfiesRoles(['manager'], anyOf('admin', 'manager'))).toBe(true);
    expect(satisfiesRoles(['admin', 'user'], anyOf('admin', 'manager'))).toBe(true);
  });

  it('anyOf refuses a user holding none of the listed roles', () => {
    expect(satisfiesRoles(['user'], anyOf('admin', 'manager'))).toBe(false);
    expect(satisfiesRoles([], anyOf('user'))).toBe(false);
  });

  it('allOf admits only a user holding every listed role (AND)', () => {
    expect(satisfiesRoles(['manager', 'user', 'admin'], allOf('manager', 'user'))).toBe(true);
    expect(satisfiesRoles(['manager'], allOf('manager', 'user'))).toBe(false);
    expect(satisfiesRoles(['user'], allOf('manager', 'user'))).toBe(false);
  });

  it('does not treat super as implying other roles', () => {
    expect(satisfiesRoles(['super'], anyOf('admin'))).toBe(false);
  });

  it('admits any authenticated user when no role is required', () => {
    expect(satisfiesRoles([], anyOf())).toBe(true);
    expect(satisfiesRoles([], allOf())).toBe(true);
    expect(satisfiesRoles(['user'], anyOf())).toBe(true);
  });

  it('never lets an unknown role string satisfy a requirement', () => {
    const forged = ['root', 'ADMIN'] as unknown as Role[];
    expect(satisfiesRoles(forged, anyOf('admin', 'super', 'manager', 'user'))).toBe(false);
    // Even a requirement built around a non-role cannot be met by holding that string.
    const bogus = { mode: 'anyOf' as const, roles: ['root'] as unknown as Role[] };
    expect(satisfiesRoles(['root'] as unknown as Role[], bogus)).toBe(false);
    const bogusAll = { mode: 'allOf' as const, roles: ['root'] as unknown as Role[] };
    expect(satisfiesRoles(['root'] as unknown as Role[], bogusAll)).toBe(false);
  });

  it('returns frozen requirements that cannot be widened afterwards', () => {
    const requirement = anyOf('admin');
    expect(requirement).toEqual({ mode: 'anyOf', roles: ['admin'] });
    expect(Object.isFrozen(requirement)).toBe(true);
    expect(Object.isFrozen(requirement.roles)).toBe(true);
    expect(allOf('manager', 'user')).toEqual({ mode: 'allOf', roles: ['manager', 'user'] });
  });
});
