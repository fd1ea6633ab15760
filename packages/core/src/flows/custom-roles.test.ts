import { createMemoryStore } from '@gatehousejs/store-memory';
import { describe, expect, it } from 'vitest';
import { createAuth } from '../create-auth.js';
import type { CreateAuthOptions } from '../create-auth-options.js';
import { AuthError } from '../errors/auth-error.js';
import {
  PASSWORD,
  TEST_CONFIG,
  createFlowHarness,
  createRecordingMailer,
  expectAuthError,
  type FlowHarness,
} from './flow-harness.test-helpers.js';

const WITH_EDITOR = ['super', 'admin', 'manager', 'user', 'editor'] as const;

/** A registered user holding `roles` in the store (set directly, as a fixture), and its e-mail. */
async function userWith(h: FlowHarness, roles: string[]) {
  const { user } = await h.register();
  if (roles.length > 0) await h.store.users.setUserRoles(user.id, roles, h.clock.now());
  return { id: user.id, email: user.email ?? '' };
}

type RoleSettings = Pick<CreateAuthOptions<string>, 'roles' | 'grantPolicy' | 'roleHierarchy'>;

async function harness(roles: RoleSettings = { roles: WITH_EDITOR }) {
  const h = createFlowHarness({ roles });
  const admin = await userWith(h, ['admin']);
  const superUser = await userWith(h, ['super']);
  const target = await userWith(h, ['user']);
  return { h, admin, superUser, target };
}

describe('roles the app defines', () => {
  it('refuses a role set without super at createAuth, with INVALID_CONFIG naming roles', () => {
    let caught: unknown;
    try {
      createAuth({ roles: ['admin', 'editor'], config: TEST_CONFIG, store: createMemoryStore(), mailer: createRecordingMailer() });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AuthError);
    expect((caught as AuthError).code).toBe('INVALID_CONFIG');
    expect((caught as AuthError).details?.map((d) => d.path)).toEqual(['roles']);
  });

  it('lets an admin grant a configured role, which reaches the next login token', async () => {
    const { h, admin, target } = await harness();
    const profile = await h.auth.setRoles(admin, target.id, { roles: ['user', 'editor'] });
    expect([...profile.roles].sort()).toEqual(['editor', 'user']);

    const { accessToken, user } = await h.auth.login({ email: target.email, password: PASSWORD });
    expect([...user.roles].sort()).toEqual(['editor', 'user']);
    expect([...(await h.auth.verifyAccessToken(accessToken)).roles].sort()).toEqual(['editor', 'user']);
  });

  it('lists and filters users by a configured role', async () => {
    const { h, admin, target } = await harness();
    await h.auth.setRoles(admin, target.id, { roles: ['editor'] });
    const page = await h.auth.listUsersPage(admin, { role: 'editor' });
    expect(page.users.map((u) => u.id)).toEqual([target.id]);
    expect(page.role).toBe('editor');
    const refused = await expectAuthError(h.auth.listUsersPage(admin, { role: 'writer' }), 'VALIDATION_FAILED');
    expect(refused.details).toEqual([{ path: 'role', message: 'role must be one of super, admin, manager, user, editor' }]);
  });

  it('refuses a role that is not configured, with the configured set in the message', async () => {
    const { h, superUser, target } = await harness();
    const error = await expectAuthError(h.auth.setRoles(superUser, target.id, { roles: ['writer'] }), 'VALIDATION_FAILED');
    expect(error.details).toEqual([{ path: 'roles.0', message: 'roles.0 must be one of super, admin, manager, user, editor' }]);
  });

  it('keeps refusing editor with the default role set', async () => {
    const { h, superUser, target } = await harness({});
    await expectAuthError(h.auth.setRoles(superUser, target.id, { roles: ['editor'] }), 'VALIDATION_FAILED');
    await expectAuthError(h.auth.listUsersPage(superUser, { role: 'editor' }), 'VALIDATION_FAILED');
  });

  it('applies a configured grant policy: an admin allowed only editor cannot grant manager', async () => {
    const { h, admin, superUser, target } = await harness({ roles: WITH_EDITOR, grantPolicy: { admin: ['editor', 'user'] } });
    await expectAuthError(h.auth.setRoles(admin, target.id, { roles: ['manager'] }), 'ROLE_GRANT_FORBIDDEN');
    await h.auth.setRoles(admin, target.id, { roles: ['editor'] });
    expect((await h.auth.getUserProfile(target.id)).roles).toEqual(['editor']);
    // A user holding a role the admin may not grant is out of its reach, as another admin is by default.
    await h.auth.setRoles(superUser, target.id, { roles: ['manager'] });
    await expectAuthError(h.auth.setRoles(admin, target.id, { roles: [] }), 'ROLE_GRANT_FORBIDDEN');
  });

  it('keeps a role the configuration dropped out of new tokens, so they still verify', async () => {
    const store = createMemoryStore();
    const before = createFlowHarness({ store, roles: { roles: WITH_EDITOR } });
    const editor = await userWith(before, ['editor', 'user']);
    const after = createFlowHarness({ store });

    const { accessToken } = await after.auth.login({ email: editor.email, password: PASSWORD });
    expect((await after.auth.verifyAccessToken(accessToken)).roles).toEqual(['user']);
    // Only a holder of '*' (super by default) can take the dropped role away.
    const superUser = await userWith(after, ['super']);
    const admin = await userWith(after, ['admin']);
    await expectAuthError(after.auth.setRoles(admin, editor.id, { roles: ['user'] }), 'ROLE_GRANT_FORBIDDEN');
    await after.auth.setRoles(superUser, editor.id, { roles: ['user'] });
    expect((await after.auth.getUserProfile(editor.id)).roles).toEqual(['user']);
  });

  it('refuses a token claiming a role this instance does not configure', async () => {
    const store = createMemoryStore();
    const withEditor = createFlowHarness({ store, roles: { roles: WITH_EDITOR } });
    const editor = await userWith(withEditor, ['editor']);
    const { accessToken } = await withEditor.auth.login({ email: editor.email, password: PASSWORD });
    const withoutEditor = createFlowHarness({ store });
    await expectAuthError(withoutEditor.auth.verifyAccessToken(accessToken), 'TOKEN_INVALID');
  });
});
