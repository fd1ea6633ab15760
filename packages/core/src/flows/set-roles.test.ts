import { describe, expect, it } from 'vitest';
import type { Role } from '../roles/roles.js';
import { createFlowHarness, expectAuthError, type FlowHarness } from './flow-harness.test-helpers.js';

let ADMIN = { id: '' };
let SUPER = { id: '' };

/** A registered user holding `roles` in the store (set directly, as a fixture). */
async function userWith(h: FlowHarness, roles: Role[]) {
  const { user } = await h.register();
  if (roles.length > 0) await h.store.users.setUserRoles(user.id, roles, h.clock.now());
  return { id: user.id };
}

async function withTarget(roles: Role[] = []) {
  const h = createFlowHarness();
  ADMIN = await userWith(h, ['admin']);
  SUPER = await userWith(h, ['super']);
  const { id } = await userWith(h, roles);
  // Stores may keep roles in any order: compare sorted.
  const rolesNow = async () => (await h.auth.getUserProfile(id)).roles.sort();
  return { h, id, rolesNow };
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
    const actor = await userWith(h, roles);
    await expectAuthError(h.auth.setRoles(actor, id, { roles: ['manager'] }), 'INSUFFICIENT_ROLE');
    expect(await rolesNow()).toEqual([]);
  });

  it('does not tell a non-admin whether a user id exists', async () => {
    const h = createFlowHarness();
    const actor = await userWith(h, ['manager']);
    await expectAuthError(h.auth.setRoles(actor, 'no-such-user', { roles: [] }), 'INSUFFICIENT_ROLE');
  });

  it("reads the actor's roles from the store: a super demoted to no role cannot grant itself super again", async () => {
    const { h } = await withTarget();
    const demoted = await userWith(h, ['super']);
    await h.auth.setRoles(SUPER, demoted.id, { roles: [] });
    await expectAuthError(h.auth.setRoles(demoted, demoted.id, { roles: ['super'] }), 'INSUFFICIENT_ROLE');
    await expectAuthError(h.auth.setRoles(demoted, SUPER.id, { roles: [] }), 'INSUFFICIENT_ROLE');
    await expectAuthError(h.auth.listUsersPage(demoted, {}), 'INSUFFICIENT_ROLE');
    await expectAuthError(h.auth.getUserProfileFor(demoted, SUPER.id), 'INSUFFICIENT_ROLE');
    await expectAuthError(h.auth.revokeUserSessions(demoted, SUPER.id), 'INSUFFICIENT_ROLE');
    expect((await h.auth.getUserProfile(SUPER.id)).roles).toEqual(['super']);
  });

  it('refuses an unknown actor with INSUFFICIENT_ROLE', async () => {
    const { h, id } = await withTarget();
    await expectAuthError(h.auth.setRoles({ id: 'deleted-user' }, id, { roles: ['user'] }), 'INSUFFICIENT_ROLE');
  });

  it('refuses to take super from the last super, itself included, with LAST_SUPER', async () => {
    const { h } = await withTarget();
    await expectAuthError(h.auth.setRoles(SUPER, SUPER.id, { roles: ['admin'] }), 'LAST_SUPER');
    expect((await h.auth.getUserProfile(SUPER.id)).roles).toEqual(['super']);
    const second = await userWith(h, ['super']);
    await h.auth.setRoles(SUPER, SUPER.id, { roles: ['admin'] });
    await expectAuthError(h.auth.setRoles(second, second.id, { roles: [] }), 'LAST_SUPER');
  });

  it('refuses unknown roles with VALIDATION_FAILED', async () => {
    const { h, id, rolesNow } = await withTarget();
    const error = await expectAuthError(h.auth.setRoles(SUPER, id, { roles: ['user', 'root'] }), 'VALIDATION_FAILED');
    expect(error.details?.map((d) => d.path)).toEqual(['roles.1']);
    expect(await rolesNow()).toEqual([]);
  });

  it('refuses an unknown user with USER_NOT_FOUND', async () => {
    const { h } = await withTarget();
    await expectAuthError(h.auth.setRoles(SUPER, '00000000-0000-4000-8000-000000000000', { roles: ['user'] }), 'USER_NOT_FOUND');
  });

  it('stores each role once', async () => {
    const { h, id, rolesNow } = await withTarget();
    await h.auth.setRoles(ADMIN, id, { roles: ['user', 'manager', 'user'] });
    expect(await rolesNow()).toEqual(['manager', 'user']);
  });
});
