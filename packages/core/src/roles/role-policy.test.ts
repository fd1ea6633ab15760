import { describe, expect, it } from 'vitest';
import { AuthError } from '../errors/auth-error.js';
import { createRolePolicy, type RoleOptions } from './role-policy.js';
import { allOf, anyOf } from './roles.js';

const WITH_EDITOR = ['super', 'admin', 'manager', 'user', 'editor'] as const;
type AppRole = (typeof WITH_EDITOR)[number];

const SPEC_HIERARCHY = { super: ['admin'], admin: ['manager'], manager: ['user'] } as const;

function configError(options: RoleOptions<string>): AuthError {
  try {
    createRolePolicy(options);
  } catch (error) {
    if (error instanceof AuthError) return error;
    throw error;
  }
  throw new Error('expected INVALID_CONFIG');
}

describe('role settings', () => {
  it('defaults to the four roles of the spec', () => {
    const policy = createRolePolicy({});
    expect(policy.all).toEqual(['super', 'admin', 'manager', 'user']);
    expect([policy.isRole('user'), policy.isRole('editor')]).toEqual([true, false]);
  });

  it('takes the roles the app configures, in its order', () => {
    const policy = createRolePolicy<AppRole>({ roles: WITH_EDITOR });
    expect(policy.all).toEqual(WITH_EDITOR);
    expect(policy.isRole('editor')).toBe(true);
    expect(policy.isRole('Editor')).toBe(false);
  });

  it('refuses a role set without super, naming the setting', () => {
    const error = configError({ roles: ['admin', 'editor'] });
    expect(error.code).toBe('INVALID_CONFIG');
    expect(error.details).toEqual([{ path: 'roles', message: "must include 'super' (bootstrap and the last-super rule rely on it)" }]);
    expect(error.message).toMatch(/roles must include 'super'/);
  });

  it.each([
    [{ roles: [] }, 'roles'],
    [{ roles: ['super', 'super'] }, 'roles'],
    [{ roles: ['super', 'Has space'] }, 'roles.1'],
    [{ roles: ['super', 'x'.repeat(33)] }, 'roles.1'],
    [{ roles: ['super', ''] }, 'roles.1'],
    [{ roles: ['super', 'editor'], grantPolicy: { admin: ['publisher'] } }, 'grantPolicy.admin.0'],
    [{ grantPolicy: { manager: ['user'] } }, 'grantPolicy'],
    [{ roles: ['super', 'editor'], roleHierarchy: { editor: ['writer'] } }, 'roleHierarchy.editor.0'],
    [{ roleHierarchy: { owner: ['admin'] } }, 'roleHierarchy.owner'],
  ] as [RoleOptions<string>, string][])('refuses %j at %s', (options, path) => {
    const error = configError(options);
    expect(error.code).toBe('INVALID_CONFIG');
    expect(error.details?.map((d) => d.path)).toContain(path);
  });
});

describe('grant policy', () => {
  it('by default lets super grant every role and admin every role but super and admin (CONTRACT §7)', () => {
    const policy = createRolePolicy<AppRole>({ roles: WITH_EDITOR });
    expect(WITH_EDITOR.filter((role) => policy.mayGrant(['super'], role))).toEqual(WITH_EDITOR);
    expect(WITH_EDITOR.filter((role) => policy.mayGrant(['admin'], role))).toEqual(['manager', 'user', 'editor']);
    expect(WITH_EDITOR.filter((role) => policy.mayGrant(['manager', 'user', 'editor'], role))).toEqual([]);
  });

  it('follows a configured table', () => {
    const policy = createRolePolicy<AppRole>({ roles: WITH_EDITOR, grantPolicy: { admin: ['editor'] } });
    expect(WITH_EDITOR.filter((role) => policy.mayGrant(['admin'], role))).toEqual(['editor']);
    expect(policy.mayGrant(['super'], 'admin')).toBe(true);
    const adminsGrantAll = createRolePolicy<AppRole>({ roles: WITH_EDITOR, grantPolicy: { admin: '*' } });
    expect(adminsGrantAll.mayGrant(['admin'], 'super')).toBe(true);
  });

  it('lets a super take away a role that is no longer configured', () => {
    const policy = createRolePolicy({});
    expect(policy.mayGrant(['super'], 'editor')).toBe(true);
    expect(policy.mayGrant(['admin'], 'editor')).toBe(false);
  });
});

describe('role hierarchy', () => {
  it('is off by default: a super or an admin does not pass roles("manager")', () => {
    const policy = createRolePolicy({});
    expect(policy.satisfies(['super'], anyOf('manager'))).toBe(false);
    expect(policy.satisfies(['admin'], anyOf('manager'))).toBe(false);
    expect(policy.satisfies(['manager'], anyOf('manager'))).toBe(true);
  });

  it('when configured, a role counts as every role below it, transitively', () => {
    const policy = createRolePolicy({ roleHierarchy: SPEC_HIERARCHY });
    expect(policy.satisfies(['admin'], anyOf('manager'))).toBe(true);
    expect(policy.satisfies(['super'], anyOf('user'))).toBe(true);
    expect(policy.satisfies(['super'], allOf('admin', 'manager', 'user'))).toBe(true);
    expect(policy.satisfies(['manager'], anyOf('admin'))).toBe(false);
    expect(policy.satisfies(['user'], anyOf('manager'))).toBe(false);
  });

  it('covers roles the app defines, and survives a cycle', () => {
    const policy = createRolePolicy<AppRole>({ roles: WITH_EDITOR, roleHierarchy: { editor: ['user'], user: ['editor'] } });
    expect(policy.satisfies(['editor'], anyOf<AppRole>('user'))).toBe(true);
    expect(policy.satisfies(['user'], anyOf<AppRole>('editor'))).toBe(true);
    expect(policy.satisfies(['editor'], anyOf<AppRole>('manager'))).toBe(false);
  });

  it('never lets an unknown held string imply anything', () => {
    const policy = createRolePolicy({ roleHierarchy: SPEC_HIERARCHY });
    expect(policy.satisfies(['root', 'SUPER'], anyOf('user'))).toBe(false);
  });
});
