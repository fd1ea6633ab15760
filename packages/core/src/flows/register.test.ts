import { describe, expect, it } from 'vitest';
import { AuthError } from '../errors/auth-error.js';
import { PASSWORD, UUID_V4, createFlowHarness, expectAuthError, registerBody } from './flow-harness.test-helpers.js';

describe('register', () => {
  it('answers with the new inactive user, a token pair and a message', async () => {
    const h = createFlowHarness();
    const result = await h.auth.register(
      registerBody({ firstName: ' Ada ', lastName: 'Lovelace', username: 'AdaL', email: '  Ada@Example.COM ' }),
    );
    expect(result).toEqual({
      user: {
        id: expect.stringMatching(UUID_V4),
        firstName: 'Ada',
        lastName: 'Lovelace',
        username: 'AdaL',
        email: 'ada@example.com',
        isActive: false,
        roles: [],
      },
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      message: expect.stringMatching(/\S/),
    });
    const claims = await h.auth.verifyAccessToken(result.accessToken);
    expect(claims).toMatchObject({ id: result.user.id, sub: result.user.id, email: 'ada@example.com', roles: [] });
    await expect(h.auth.refresh({ refreshToken: result.refreshToken })).resolves.toHaveProperty('accessToken');
  });

  it('stores the user with a password hash, not the password', async () => {
    const h = createFlowHarness();
    const { user } = await h.register({ email: 'store@example.com' });
    const stored = await h.store.users.findUserByEmail('store@example.com');
    expect(stored).toMatchObject({ id: user.id, isActive: false, roles: [], emailVerifiedAt: null, createdAt: h.clock.now() });
    expect(stored!.passwordHash).toBe(await h.hasher.hash(PASSWORD));
    expect(stored!.passwordHash).not.toContain(PASSWORD);
  });

  it('ignores roles, isActive and id in the body (no mass assignment)', async () => {
    const h = createFlowHarness();
    const body = {
      ...registerBody({ email: 'mass@example.com' }),
      roles: ['super'],
      isActive: true,
      id: 'chosen-id',
      emailVerifiedAt: new Date(),
    };
    const { user, accessToken } = await h.auth.register(body);
    expect(user).toMatchObject({ isActive: false, roles: [] });
    expect(user.id).not.toBe('chosen-id');
    expect((await h.auth.verifyAccessToken(accessToken)).roles).toEqual([]);
    expect(await h.store.users.findUserByEmail('mass@example.com')).toMatchObject({ isActive: false, roles: [], emailVerifiedAt: null });
  });

  it('refuses a confirmPassword that differs with PASSWORD_MISMATCH and creates nothing', async () => {
    const h = createFlowHarness();
    const error = await expectAuthError(
      h.auth.register(registerBody({ email: 'mismatch@example.com', password: PASSWORD, confirmPassword: `${PASSWORD}!` })),
      'PASSWORD_MISMATCH',
    );
    expect(error.details).toEqual([{ path: 'confirmPassword', message: expect.any(String) }]);
    expect(await h.store.users.findUserByEmail('mismatch@example.com')).toBeNull();
  });

  it('refuses invalid input with VALIDATION_FAILED', async () => {
    const h = createFlowHarness();
    const error = await expectAuthError(h.auth.register(registerBody({ password: 'short', username: 'x' })), 'VALIDATION_FAILED');
    expect(error.details?.map((d) => d.path)).toEqual(['username', 'password']);
  });

  it('refuses an e-mail that exists in another case with EMAIL_TAKEN', async () => {
    const h = createFlowHarness();
    await h.register({ email: 'taken@example.com', username: 'first' });
    await expectAuthError(h.register({ email: ' TAKEN@Example.com', username: 'second' }), 'EMAIL_TAKEN');
  });

  it('refuses a username that exists in another case with USERNAME_TAKEN', async () => {
    const h = createFlowHarness();
    await h.register({ username: 'Grace', email: 'grace1@example.com' });
    await expectAuthError(h.register({ username: 'gRACE', email: 'grace2@example.com' }), 'USERNAME_TAKEN');
    expect(await h.store.users.findUserByEmail('grace2@example.com')).toBeNull();
  });

  it('mails a confirmation token that expires after 24 hours, without the name the registrant chose', async () => {
    const h = createFlowHarness();
    const registeredAt = h.clock.now();
    await h.register({ email: 'mail@example.com', firstName: 'Mae' });
    const mail = await h.waitForMail('email-verification', 'mail@example.com');
    expect(mail).toEqual({
      kind: 'email-verification',
      to: 'mail@example.com',
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresAt: new Date(registeredAt.getTime() + 24 * 3600 * 1000),
    });
    expect(h.mailer.mails).toHaveLength(1);
  });

  it('leaves no account behind, and mails nothing, when its first session cannot be stored', async () => {
    const h = createFlowHarness();
    // The answer's refresh token fails to be stored (the database went away mid-registration): the
    // account must not exist either, or the client that got a 503 would get 409 on its retry.
    const databaseGone = async () => {
      throw new AuthError('DATABASE_UNAVAILABLE');
    };
    h.store.refreshTokens.saveRefreshToken = databaseGone;
    h.store.createUserWithRefreshToken = databaseGone;
    await expectAuthError(h.register({ email: 'half@example.com' }), 'DATABASE_UNAVAILABLE');
    expect(await h.store.users.findUserByEmail('half@example.com')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(h.mailer.mails).toEqual([]);
  });

  it('still succeeds when the confirmation mail cannot be sent, and reports the failure', async () => {
    const h = createFlowHarness();
    h.mailer.send = async () => {
      throw new Error('smtp down');
    };
    const { user } = await h.register({ email: 'nomail@example.com' });
    const failure = await h.waitForBackgroundFailure();
    expect(failure).toEqual({ operation: 'email-verification', userId: user.id, error: new Error('smtp down') });
  });
});
