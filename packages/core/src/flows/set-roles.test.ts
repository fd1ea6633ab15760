import { describe, expect, it } from 'vitest';
import type { Role } from '../roles/roles.js';
import { createFlowHarness, expectAuthError } from './flow-harness.test-helpers.js';

const ADMIN = { id: 'admin-actor', roles: ['admin'] as Role[] };
const SUPER = { id: 'super-actor', roles: ['super'] as Role[] };

async function withTarget(roles: Role[] = []) {
  const h = createFlowHarness();
  const { user } = await h.register();
  if (roles.length > 0) await h.store.users.setUserRoles(user.id, roles, h.clock.now());
  // Stores may keep roles in any order: compare sorted.
  const rolesNow = async () => (await h.auth.getUserProfile(user.id)).roles.sort();
  return { h, id: user.id, rolesNow };
}

describe('setRoles', () => {
  it('lets an admin grant manager and user', async () => {
    const { h, id, rolesNow } = await withTarget();
    const profile = await h.auth.setRoles(ADMIN, id, { roles: ['manager', 'user'] });
    expect(profile.id).toBe(id);
    expect(profile.roles.sort()).toEqual(['manager', 'user']);
    expect(profile).not.toHaveProperty('passwordHash');
    expect(await rolesNow()).toEqual(['manager', 'user']);
  });

  it('lets an admin remove the roles of a non-privileged user', async () => {
    const { h, id, rolesNow } = await withTarget(['manager']);
    await h.auth.setRoles(ADMIN, id, { roles: [] });
    expect(await rolesNow()).toEqual([]);
  });

  it.each([['admin'], ['super']] as const)('refuses an admin granting %s with ROLE_GRANT_FORBIDDEN', async (role) => {
    const { h, id, rolesNow } = await withTarget(['user']);
    await expectAuthError(h.auth.setRoles(ADMIN, id, { roles: ['user', role] }), 'ROLE_GRANT_FORBIDDEN');
    expect(await rolesNow()).toEqual(['user']);
  });

  it.each([['admin'], ['super']] as const)("refuses an admin changing a %s's roles with ROLE_GRANT_FORBIDDEN", async (role) => {
    const { h, id, rolesNow } = await withTarget([role]);
    await expectAuthError(h.auth.setRoles(ADMIN, id, { roles: ['user'] }), 'ROLE_GRANT_FORBIDDEN');
    expect(await rolesNow()).toEqual([role]);
  });

  it('lets a super grant admin and super', async () => {
    const { h, id, rolesNow } = await withTarget();
    await h.auth.setRoles(SUPER, id, { roles: ['admin'] });
    expect(await rolesNow()).toEqual(['admin']);
    await h.auth.setRoles(SUPER, id, { roles: ['super', 'admin'] });
    expect(await rolesNow()).toEqual(['admin', 'super']);
  });

  it('lets a super demote an admin', async () => {
    const { h, id, rolesNow } = await withTarget(['admin']);
    await h.auth.setRoles(SUPER, id, { roles: ['user'] });
    expect(await rolesNow()).toEqual(['user']);
  });

  it.each([[['manager']], [['user']], [[]]] as Role[][][])('refuses an actor holding %j with INSUFFICIENT_ROLE', async (roles) => {
    const { h, id, rolesNow } = await withTarget();
    await expectAuthError(h.auth.setRoles({ id: 'someone', roles }, id, { roles: ['manager'] }), 'INSUFFICIENT_ROLE');
    expect(await rolesNow()).toEqual([]);
  });

  it('does not tell a non-admin whether a user id exists', async () => {
    const h = createFlowHarness();
    await expectAuthError(h.auth.setRoles({ id: 'someone', roles: ['manager'] }, 'no-such-user', { roles: [] }), 'INSUFFICIENT_ROLE');
  });

  it('refuses unknown roles with VALIDATION_FAILED', async () => {
    const { h, id, rolesNow } = await withTarget();
    const error = await expectAuthError(h.auth.setRoles(SUPER, id, { roles: ['user', 'root'] }), 'VALIDATION_FAILED');
    expect(error.details?.map((d) => d.path)).toEqual(['roles.1']);
    expect(await rolesNow()).toEqual([]);
  });

  it('refuses an unknown user with USER_NOT_FOUND', async () => {
    const h = createFlowHarness();
    await expectAuthError(h.auth.setRoles(SUPER, '00000000-0000-4000-8000-000000000000', { roles: ['user'] }), 'USER_NOT_FOUND');
  });

  it('stores each role once', async () => {
    const { h, id, rolesNow } = await withTarget();
    await h.auth.setRoles(ADMIN, id, { roles: ['user', 'manager', 'user'] });
    expect(await rolesNow()).toEqual(['manager', 'user']);
  });
});
