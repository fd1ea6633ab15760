import { createMemoryStore } from '@gatehousejs/store-memory';
import { createFakeHasher } from './testing/fake-hasher.js';
import { describe, expect, it } from 'vitest';
import { AuthError } from './errors/auth-error.js';
import { createAuth } from './create-auth.js';
import { PASSWORD, TEST_CONFIG, createFlowHarness, createRecordingMailer, expectAuthError } from './flows/flow-harness.test-helpers.js';

describe('createAuth', () => {
  it('validates the config eagerly and throws INVALID_CONFIG at creation', () => {
    let caught: unknown;
    try {
      createAuth({ config: { ...TEST_CONFIG, jitterSeconds: -5 }, store: createMemoryStore(), mailer: createRecordingMailer() });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AuthError);
    expect((caught as AuthError).code).toBe('INVALID_CONFIG');
    expect((caught as AuthError).details?.map((d) => d.path)).toEqual(['jitterSeconds']);
  });

  it('exposes the parsed config', () => {
    const h = createFlowHarness({ config: { accessTokenTtl: '15m', jitterSeconds: 0 } });
    expect(h.auth.config).toMatchObject({ accessTokenTtl: 900, jitterSeconds: 0, refreshTokenTtl: 604_800 });
  });

  it('verifies access tokens against its clock, strictly', async () => {
    const h = createFlowHarness({ config: { jitterSeconds: 0 } });
    const { accessToken } = await h.register();
    h.clock.advance(3599);
    await expect(h.auth.verifyAccessToken(accessToken)).resolves.toHaveProperty('roles', []);
    h.clock.advance(1);
    await expectAuthError(h.auth.verifyAccessToken(accessToken), 'TOKEN_EXPIRED');
  });

  it('describes a verified token as the verify-token response', async () => {
    const h = createFlowHarness();
    const { user, accessToken } = await h.register({ email: 'describe@example.com' });
    const payload = await h.auth.verifyAccessToken(accessToken);
    expect(h.auth.describeToken(payload)).toEqual({
      message: expect.stringMatching(/\S/),
      user: { id: user.id, email: 'describe@example.com', roles: [] },
    });
  });

  it('returns a profile without secrets, and USER_NOT_FOUND for an unknown id', async () => {
    const h = createFlowHarness();
    const { user } = await h.register({ email: 'profile@example.com' });
    const profile = await h.auth.getUserProfile(user.id);
    expect(Object.keys(profile).sort()).toEqual([
      'createdAt',
      'disabledAt',
      'email',
      'emailVerifiedAt',
      'firstName',
      'id',
      'isActive',
      'lastLoginAt',
      'lastName',
      'passwordChangedAt',
      'roles',
      'updatedAt',
      'username',
    ]);
    expect(JSON.stringify(profile)).not.toContain(PASSWORD);
    await expectAuthError(h.auth.getUserProfile('no-such-id'), 'USER_NOT_FOUND');
  });

  it('lists users oldest first and clamps the page', async () => {
    const h = createFlowHarness();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await h.register()).user.id);
      h.clock.advance(1);
    }
    expect((await h.auth.listUsers()).map((u) => u.id)).toEqual(ids);
    expect((await h.auth.listUsers({ limit: 2, offset: 1 })).map((u) => u.id)).toEqual(ids.slice(1, 3));
    expect((await h.auth.listUsers({ limit: 0 })).map((u) => u.id)).toEqual(ids.slice(0, 1));
    expect((await h.auth.listUsers({ offset: -5 })).map((u) => u.id)).toEqual(ids);
  });

  it('lists the users holding a role', async () => {
    const h = createFlowHarness();
    const { user } = await h.register();
    await h.register();
    const root = await h.auth.ensureSuperUser({ email: 'root@example.com', password: 'root passphrase here' });
    await h.auth.setRoles(root, user.id, { roles: ['manager'] });
    expect((await h.auth.listUsersByRole('manager')).map((u) => u.id)).toEqual([user.id]);
    expect(await h.auth.listUsersByRole('admin')).toEqual([]);
  });
});

describe('createAuth().whenIdle', () => {
  it('waits for mail started in the background before resolving', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    const auth = createAuth({
      config: TEST_CONFIG,
      store: createMemoryStore(),
      mailer: {
        async send(mail) {
          await gate;
          sent.push(mail.kind);
        },
      },
      hasher: createFakeHasher(),
    });
    await auth.register({
      firstName: 'A',
      lastName: 'B',
      username: 'idle',
      email: 'idle@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    let idle = false;
    const waiting = auth.whenIdle().then(() => (idle = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(idle).toBe(false);
    release();
    await waiting;
    expect(sent).toEqual(['email-verification']);
  });
});
