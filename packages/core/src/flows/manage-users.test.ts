import { describe, expect, it } from 'vitest';
import type { Role } from '../roles/roles.js';
import { createFlowHarness, expectAuthError, PASSWORD, type FlowHarness } from './flow-harness.test-helpers.js';

let ADMIN = { id: '' };
let SUPER = { id: '' };

/** An admin and a super in the store (privileged actions read the actor's roles there), created last. */
async function withActors(h: FlowHarness): Promise<void> {
  const actor = async (role: Role) => {
    const { user } = await h.register();
    await h.store.users.setUserRoles(user.id, [role], h.clock.now());
    return { id: user.id };
  };
  h.clock.advance(60);
  ADMIN = await actor('admin');
  SUPER = await actor('super');
}

async function withUsers(count: number) {
  const h = createFlowHarness();
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    ids.push((await h.register()).user.id);
    h.clock.advance(1); // distinct creation times: the list is ordered by them
  }
  await withActors(h);
  return { h, ids };
}

/** The listed ids without the two actors, which come last. */
const listed = (page: { users: { id: string }[] }) => page.users.map((u) => u.id).filter((id) => id !== ADMIN.id && id !== SUPER.id);

describe('getUserProfile', () => {
  it('answers USER_NOT_FOUND for an unknown id and for one that cannot be an id, without secrets otherwise', async () => {
    const { h, ids } = await withUsers(1);
    const profile = await h.auth.getUserProfile(ids[0]!);
    expect(profile.id).toBe(ids[0]);
    expect(profile).not.toHaveProperty('passwordHash');
    await expectAuthError(h.auth.getUserProfile('00000000-0000-4000-8000-000000000000'), 'USER_NOT_FOUND');
    for (const id of ['', 'no such user', 'x'.repeat(65), '../etc', "1' OR '1'='1"]) {
      await expectAuthError(h.auth.getUserProfile(id), 'USER_NOT_FOUND');
    }
  });
});

describe('listUsersPage', () => {
  it('serves 100 users oldest first by default, and says which page it served', async () => {
    const { h, ids } = await withUsers(3);
    const page = await h.auth.listUsersPage(ADMIN, {});
    expect(listed(page)).toEqual(ids);
    expect(page).toMatchObject({ limit: 100, offset: 0 });
    expect(page).not.toHaveProperty('role');
  });

  it('pages with limit and offset given as query strings', async () => {
    const { h, ids } = await withUsers(5);
    const page = await h.auth.listUsersPage(ADMIN, { limit: '2', offset: '1' });
    expect(page.users.map((u) => u.id)).toEqual(ids.slice(1, 3));
    expect(page).toMatchObject({ limit: 2, offset: 1 });
    expect((await h.auth.listUsersPage(ADMIN, { offset: '7' })).users).toEqual([]);
  });

  it('keeps the holders of one role, paged too', async () => {
    const { h, ids } = await withUsers(4);
    for (const id of [ids[0]!, ids[2]!, ids[3]!]) await h.auth.setRoles(SUPER, id, { roles: ['manager'] });
    const managers = await h.auth.listUsersPage(ADMIN, { role: 'manager' });
    expect(managers.users.map((u) => u.id).sort()).toEqual([ids[0], ids[2], ids[3]].sort());
    expect(managers.role).toBe('manager');
    expect((await h.auth.listUsersPage(ADMIN, { role: 'manager', limit: '2', offset: '2' })).users).toHaveLength(1);
    expect(listed(await h.auth.listUsersPage(ADMIN, { role: 'admin' }))).toEqual([]);
  });

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '501' }, 'limit'],
    [{ limit: '-1' }, 'limit'],
    [{ limit: '1.5' }, 'limit'],
    [{ limit: ['1', '2'] }, 'limit'],
    [{ offset: 'x' }, 'offset'],
    [{ offset: '1e3' }, 'offset'],
    [{ role: 'owner' }, 'role'],
    [{ role: ['admin', 'super'] }, 'role'],
  ])('refuses %j with VALIDATION_FAILED naming %s', async (query, path) => {
    const { h } = await withUsers(0);
    const error = await expectAuthError(h.auth.listUsersPage(ADMIN, query), 'VALIDATION_FAILED');
    expect(error.details?.map((d) => d.path)).toEqual([path]);
  });
});

describe('revokeUserSessions', () => {
  it('ends every refresh token of the user and bumps its token version', async () => {
    const h = createFlowHarness();
    const { user, refreshToken } = await h.register();
    await withActors(h);
    const second = await h.auth.login({ email: user.email, password: PASSWORD });
    const versionBefore = (await h.store.users.findUserById(user.id))!.tokenVersion;
    await h.auth.revokeUserSessions(ADMIN, user.id);
    await expectAuthError(h.auth.refresh({ refreshToken }), 'REFRESH_TOKEN_REUSED');
    await expectAuthError(h.auth.refresh({ refreshToken: second.refreshToken }), 'REFRESH_TOKEN_REUSED');
    expect((await h.store.users.findUserById(user.id))!.tokenVersion).toBe(versionBefore + 1);
    // The user can sign in again afterwards.
    expect((await h.auth.login({ email: user.email, password: PASSWORD })).user.id).toBe(user.id);
  });

  it('leaves the sessions of other users alone', async () => {
    const h = createFlowHarness();
    const target = await h.register();
    const bystander = await h.register();
    await withActors(h);
    await h.auth.revokeUserSessions(SUPER, target.user.id);
    expect((await h.auth.refresh({ refreshToken: bystander.refreshToken })).accessToken).toEqual(expect.any(String));
  });

  it.each([[['manager']], [['user']], [[]]] as Role[][][])(
    'refuses an actor holding %j with INSUFFICIENT_ROLE and revokes nothing',
    async (roles) => {
      const h = createFlowHarness();
      const { user, refreshToken } = await h.register();
      const actor = await h.register();
      await h.store.users.setUserRoles(actor.user.id, roles, h.clock.now());
      await expectAuthError(h.auth.revokeUserSessions({ id: actor.user.id }, user.id), 'INSUFFICIENT_ROLE');
      expect((await h.auth.refresh({ refreshToken })).accessToken).toEqual(expect.any(String));
    },
  );

  it('answers USER_NOT_FOUND for an unknown or malformed id', async () => {
    const h = createFlowHarness();
    await withActors(h);
    await expectAuthError(h.auth.revokeUserSessions(ADMIN, '00000000-0000-4000-8000-000000000000'), 'USER_NOT_FOUND');
    await expectAuthError(h.auth.revokeUserSessions(ADMIN, 'not an id'), 'USER_NOT_FOUND');
  });

  it('records who ended the sessions in the audit trail', async () => {
    const events: { type: string; userId?: string; detail?: unknown }[] = [];
    const h = createFlowHarness();
    const { user } = await h.register();
    await withActors(h);
    const audited = await auditedAuth(h, events);
    await audited.revokeUserSessions(ADMIN, user.id);
    expect(events).toEqual([expect.objectContaining({ type: 'logout.all', userId: user.id, detail: { actorId: ADMIN.id } })]);
    expect(events[0]).not.toHaveProperty('requestId');
  });

  it("stamps the request's id on its audit events, and only on that call's", async () => {
    const events: { type: string; requestId?: string }[] = [];
    const h = createFlowHarness();
    const { user } = await h.register();
    await withActors(h);
    const audited = await auditedAuth(h, events);
    await audited.setRoles(ADMIN, user.id, { roles: ['manager'] }, { requestId: 'req-7' });
    await audited.revokeUserSessions(ADMIN, user.id, { requestId: 'req-8' });
    await audited.logoutAll(user.id);
    expect(events.map((e) => [e.type, e.requestId])).toEqual([
      ['roles.changed', 'req-7'],
      ['logout.all', 'req-8'],
      ['logout.all', undefined],
    ]);
  });
});

/** The harness's auth again, with an audit listener that keeps the events. */
async function auditedAuth(h: ReturnType<typeof createFlowHarness>, events: unknown[]) {
  const { createAuth } = await import('../create-auth.js');
  return createAuth({
    config: h.auth.config,
    store: h.store,
    mailer: h.mailer,
    hasher: h.hasher,
    clock: h.clock,
    onEvent: (event) => events.push(event),
  });
}
