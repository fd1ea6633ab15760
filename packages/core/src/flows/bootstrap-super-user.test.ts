import { describe, expect, it } from 'vitest';
import { PASSWORD, UUID_V4, createFlowHarness, expectAuthError } from './flow-harness.test-helpers.js';

const CREDENTIALS = { email: 'root@example.com', password: 'super secret password' };

describe('ensureSuperUser', () => {
  it('creates a verified super user who can log in', async () => {
    const h = createFlowHarness();
    const profile = await h.auth.ensureSuperUser({ ...CREDENTIALS, email: ' Root@Example.com ' });
    expect(profile).toMatchObject({
      id: expect.stringMatching(UUID_V4),
      email: 'root@example.com',
      username: 'super',
      isActive: true,
      roles: ['super'],
    });
    expect(profile.emailVerifiedAt).toBe(h.clock.now().toISOString());
    const { accessToken } = await h.auth.login(CREDENTIALS);
    expect((await h.auth.verifyAccessToken(accessToken)).roles).toEqual(['super']);
  });

  it('is idempotent', async () => {
    const h = createFlowHarness();
    const first = await h.auth.ensureSuperUser(CREDENTIALS);
    const second = await h.auth.ensureSuperUser(CREDENTIALS);
    expect(second).toMatchObject({ id: first.id, roles: ['super'], isActive: true });
    expect((await h.store.users.listUsersByRole('super')).map((u) => u.id)).toEqual([first.id]);
    expect(await h.store.users.listUsers({ limit: 100, offset: 0 })).toHaveLength(1);
  });

  it('fixes the password, role and verification of an existing account', async () => {
    const h = createFlowHarness();
    const { user } = await h.register({ email: CREDENTIALS.email });
    await h.store.users.setUserRoles(user.id, ['manager'], h.clock.now());

    const profile = await h.auth.ensureSuperUser(CREDENTIALS);

    expect(profile).toMatchObject({ id: user.id, isActive: true });
    expect(profile.roles.sort()).toEqual(['manager', 'super']);
    await expectAuthError(h.auth.login({ email: CREDENTIALS.email, password: PASSWORD }), 'INVALID_CREDENTIALS');
    const { user: summary } = await h.auth.login(CREDENTIALS);
    expect(summary.roles.sort()).toEqual(['manager', 'super']);
  });

  it('takes over an account someone registered with the address: its refresh tokens, reset links and access tokens die before it becomes super', async () => {
    const h = createFlowHarness({ config: { checkTokenVersion: true } });
    const squatter = await h.register({ email: CREDENTIALS.email });
    await h.auth.forgotPassword({ email: CREDENTIALS.email });
    const resetMail = await h.waitForMail('password-reset', CREDENTIALS.email);

    await h.auth.ensureSuperUser(CREDENTIALS);

    await expectAuthError(h.auth.refresh({ refreshToken: squatter.refreshToken }), 'REFRESH_TOKEN_REUSED');
    await expectAuthError(h.auth.verifyAccessToken(squatter.accessToken), 'TOKEN_INVALID');
    await expectAuthError(
      h.auth.resetPassword({ token: resetMail.token, password: 'squatter keeps it', confirmPassword: 'squatter keeps it' }),
      'ONE_TIME_TOKEN_INVALID',
    );
    expect((await h.auth.login(CREDENTIALS)).user.roles).toEqual(['super']);
  });

  it('ends no session on a restart with the same credentials', async () => {
    const h = createFlowHarness({ config: { checkTokenVersion: true } });
    await h.auth.ensureSuperUser(CREDENTIALS);
    const session = await h.auth.login(CREDENTIALS);
    await h.auth.ensureSuperUser(CREDENTIALS);
    expect((await h.auth.verifyAccessToken(session.accessToken)).roles).toEqual(['super']);
    expect((await h.auth.refresh({ refreshToken: session.refreshToken })).accessToken).toEqual(expect.any(String));
  });

  it('lets three instances bootstrap one database at once: one creates, the others find the account', async () => {
    const first = createFlowHarness();
    const others = [createFlowHarness({ store: first.store, seed: 2 }), createFlowHarness({ store: first.store, seed: 3 })];
    const profiles = await Promise.all([first, ...others].map((h) => h.auth.ensureSuperUser(CREDENTIALS)));
    expect(new Set(profiles.map((p) => p.id)).size).toBe(1);
    expect(await first.store.users.listUsers({ limit: 100, offset: 0 })).toHaveLength(1);
  });

  it('picks another username when "super" is taken by someone else', async () => {
    const h = createFlowHarness();
    await h.register({ username: 'super', email: 'not-root@example.com' });
    const profile = await h.auth.ensureSuperUser(CREDENTIALS);
    expect(profile.username).toMatch(/^super-[0-9a-f]{8}$/);
    expect(profile.roles).toEqual(['super']);
  });

  it('refuses an invalid e-mail or a short password with VALIDATION_FAILED', async () => {
    const h = createFlowHarness();
    await expectAuthError(h.auth.ensureSuperUser({ email: 'root', password: CREDENTIALS.password }), 'VALIDATION_FAILED');
    await expectAuthError(h.auth.ensureSuperUser({ email: CREDENTIALS.email, password: 'short' }), 'VALIDATION_FAILED');
    expect(await h.store.users.listUsers({ limit: 100, offset: 0 })).toEqual([]);
  });

  it('names the settings, not their values, in one INVALID_CONFIG sentence when told where the credentials come from', async () => {
    const h = createFlowHarness();
    const settings = { email: 'ADMIN_EMAIL', password: 'ADMIN_PASSWORD' };
    const weak = await h.auth.ensureSuperUser({ email: CREDENTIALS.email, password: 'short' }, settings).catch((e: unknown) => e);
    expect(weak).toMatchObject({ code: 'INVALID_CONFIG', message: expect.stringMatching(/^Invalid ADMIN_PASSWORD: [^.\n]+\.$/) });
    const address = await h.auth.ensureSuperUser({ email: 'root', password: CREDENTIALS.password }, settings).catch((e: unknown) => e);
    expect((address as Error).message).toBe('Invalid ADMIN_EMAIL: must be a valid e-mail address.');
  });
});
