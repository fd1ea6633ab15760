import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { PASSWORD, createFlowHarness, expectAuthError } from './flow-harness.test-helpers.js';

async function loggedIn(email = 'refresh@example.com', config = {}) {
  const h = createFlowHarness({ config });
  const { user } = await h.register({ email });
  const session = await h.auth.login({ email, password: PASSWORD });
  return { h, user, session };
}

describe('refresh-token rotation', () => {
  it('returns a new pair in the same family for a valid refresh token', async () => {
    const { h, user, session } = await loggedIn();
    h.clock.advance(10);
    const next = await h.auth.refresh({ refreshToken: session.refreshToken });
    expect(Object.keys(next).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(next.refreshToken).not.toBe(session.refreshToken);
    expect(next.accessToken).not.toBe(session.accessToken);
    expect(await h.auth.verifyAccessToken(next.accessToken)).toMatchObject({
      id: user.id,
      iat: Math.floor(h.clock.now().getTime() / 1000),
    });
    const before = decodeJwt(session.refreshToken);
    const after = decodeJwt(next.refreshToken);
    expect(after.fam).toBe(before.fam);
    expect(after.jti).not.toBe(before.jti);
    expect(after.sub).toBe(user.id);
  });

  it('keeps rotating: each new refresh token works once', async () => {
    const { h, session } = await loggedIn();
    let refreshToken = session.refreshToken;
    for (let i = 0; i < 5; i++) refreshToken = (await h.auth.refresh({ refreshToken })).refreshToken;
    await expect(h.auth.refresh({ refreshToken })).resolves.toHaveProperty('accessToken');
  });

  it('refuses a refresh token used twice with REFRESH_TOKEN_REUSED and revokes its whole family', async () => {
    const { h, session } = await loggedIn();
    const rotated = await h.auth.refresh({ refreshToken: session.refreshToken });
    await expectAuthError(h.auth.refresh({ refreshToken: session.refreshToken }), 'REFRESH_TOKEN_REUSED');
    // The newest token of that family, never used, is dead too: the thief and the victim both lose it.
    await expectAuthError(h.auth.refresh({ refreshToken: rotated.refreshToken }), 'REFRESH_TOKEN_REUSED');
  });

  it('leaves another session of the same user alone when one family is revoked', async () => {
    const { h, session } = await loggedIn('two-sessions@example.com');
    const other = await h.auth.login({ email: 'two-sessions@example.com', password: PASSWORD });
    expect(decodeJwt(other.refreshToken).fam).not.toBe(decodeJwt(session.refreshToken).fam);
    await h.auth.refresh({ refreshToken: session.refreshToken });
    await expectAuthError(h.auth.refresh({ refreshToken: session.refreshToken }), 'REFRESH_TOKEN_REUSED');
    await expect(h.auth.refresh({ refreshToken: other.refreshToken })).resolves.toHaveProperty('refreshToken');
  });

  it('puts a role change into the access token at the next refresh, not before', async () => {
    const { h, user, session } = await loggedIn();
    const root = await h.auth.ensureSuperUser({ email: 'root@example.com', password: 'root passphrase here' });
    await h.auth.setRoles(root, user.id, { roles: ['manager'] });
    // The token already issued keeps the roles of its issue time.
    expect((await h.auth.verifyAccessToken(session.accessToken)).roles).toEqual([]);
    const next = await h.auth.refresh({ refreshToken: session.refreshToken });
    expect((await h.auth.verifyAccessToken(next.accessToken)).roles).toEqual(['manager']);
  });

  it('with checkTokenVersion, ends the sessions of a user whose roles change: its access and refresh tokens are refused, a new login gives the current roles', async () => {
    const { h, user } = await loggedIn('demoted@example.com', { checkTokenVersion: true });
    const root = await h.auth.ensureSuperUser({ email: 'root@example.com', password: 'root passphrase here' });
    await h.auth.setRoles(root, user.id, { roles: ['admin', 'manager'] });
    const promoted = await h.auth.login({ email: 'demoted@example.com', password: PASSWORD });
    const actorSession = await h.auth.login({ email: 'root@example.com', password: 'root passphrase here' });
    expect((await h.auth.verifyAccessToken(promoted.accessToken)).roles).toEqual(['admin', 'manager']);
    await h.auth.setRoles(root, user.id, { roles: ['manager'] });
    await expectAuthError(h.auth.verifyAccessToken(promoted.accessToken), 'TOKEN_INVALID');
    await expectAuthError(h.auth.refresh({ refreshToken: promoted.refreshToken }), 'TOKEN_INVALID');
    const again = await h.auth.login({ email: 'demoted@example.com', password: PASSWORD });
    expect((await h.auth.verifyAccessToken(again.accessToken)).roles).toEqual(['manager']);
    // The actor's own session is untouched.
    expect((await h.auth.verifyAccessToken(actorSession.accessToken)).sub).toBe(root.id);
    await expect(h.auth.refresh({ refreshToken: actorSession.refreshToken })).resolves.toHaveProperty('accessToken');
  });

  it('refuses an expired refresh token with TOKEN_EXPIRED', async () => {
    const { h, session } = await loggedIn();
    const { exp } = decodeJwt(session.refreshToken);
    h.clock.set(new Date(exp! * 1000));
    await expectAuthError(h.auth.refresh({ refreshToken: session.refreshToken }), 'TOKEN_EXPIRED');
  });

  it('accepts a refresh token until one second before it expires', async () => {
    const { h, session } = await loggedIn();
    const { exp } = decodeJwt(session.refreshToken);
    h.clock.set(new Date((exp! - 1) * 1000));
    await expect(h.auth.refresh({ refreshToken: session.refreshToken })).resolves.toHaveProperty('accessToken');
  });

  it('refuses an access token in place of a refresh token with TOKEN_INVALID', async () => {
    const { h, session } = await loggedIn();
    await expectAuthError(h.auth.refresh({ refreshToken: session.accessToken }), 'TOKEN_INVALID');
    // and the real refresh token was not spent by that attempt
    await expect(h.auth.refresh({ refreshToken: session.refreshToken })).resolves.toHaveProperty('accessToken');
  });

  it('refuses a refresh token in place of an access token with TOKEN_INVALID', async () => {
    const { h, session } = await loggedIn();
    await expectAuthError(h.auth.verifyAccessToken(session.refreshToken), 'TOKEN_INVALID');
  });

  it('refuses a refresh token signed by another deployment with TOKEN_INVALID', async () => {
    const { session } = await loggedIn();
    const elsewhere = createFlowHarness({
      config: { accessTokenSecret: 'x'.repeat(40), refreshTokenSecret: 'y'.repeat(40) },
    });
    await expectAuthError(elsewhere.auth.refresh({ refreshToken: session.refreshToken }), 'TOKEN_INVALID');
  });

  it('refuses a missing refresh token with VALIDATION_FAILED', async () => {
    const h = createFlowHarness();
    await expectAuthError(h.auth.refresh({}), 'VALIDATION_FAILED');
  });

  it('refuses to refresh an unverified account when verification is required', async () => {
    const h = createFlowHarness({ config: { requireEmailVerification: true } });
    const { refreshToken } = await h.register({ email: 'strict-refresh@example.com' });
    await expectAuthError(h.auth.refresh({ refreshToken }), 'EMAIL_NOT_VERIFIED');
  });

  it('leaves the refresh token usable after refusing it for an unconfirmed address', async () => {
    const h = createFlowHarness({ config: { requireEmailVerification: true } });
    const { refreshToken } = await h.register({ email: 'patient@example.com' });
    await expectAuthError(h.auth.refresh({ refreshToken }), 'EMAIL_NOT_VERIFIED');
    await expectAuthError(h.auth.refresh({ refreshToken }), 'EMAIL_NOT_VERIFIED');
    const { token } = await h.waitForMail('email-verification', 'patient@example.com');
    await h.auth.verifyEmail({ token });
    await expect(h.auth.refresh({ refreshToken })).resolves.toMatchObject({ accessToken: expect.any(String) });
  });
});

describe('session lifetime and races with revocation', () => {
  it('ends a session at sessionMaxLifetime after its login, however often it was rotated', async () => {
    const { h, session } = await loggedIn('forever@example.com', { refreshTokenTtl: '1d', sessionMaxLifetime: '3d', jitterSeconds: 0 });
    let refreshToken = session.refreshToken;
    for (let day = 0; day < 2; day++) {
      h.clock.advance(86_400 - 60);
      refreshToken = (await h.auth.refresh({ refreshToken })).refreshToken;
    }
    // Issued 2 days after login with a 1-day idle limit, but capped at login + 3 days.
    expect(decodeJwt(refreshToken).exp! - decodeJwt(session.refreshToken).iat!).toBeLessThanOrEqual(3 * 86_400);
    h.clock.advance(86_400 - 60);
    refreshToken = (await h.auth.refresh({ refreshToken })).refreshToken;
    h.clock.advance(3 * 60);
    await expectAuthError(h.auth.refresh({ refreshToken }), 'TOKEN_EXPIRED');
  });

  it('refuses the successor a refresh saved while a password reset ran, and everything it would rotate into', async () => {
    const { h, user, session } = await loggedIn('race@example.com');
    // The refresh has read the user and consumed its token when the reset commits; then it saves.
    const save = h.store.refreshTokens.saveRefreshToken.bind(h.store.refreshTokens);
    let resetDone!: () => void;
    const afterReset = new Promise<void>((resolve) => (resetDone = resolve));
    h.store.refreshTokens.saveRefreshToken = async (token) => {
      await afterReset;
      return save(token);
    };
    const racing = h.auth.refresh({ refreshToken: session.refreshToken });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await h.auth.forgotPassword({ email: 'race@example.com' });
    const mail = await h.waitForMail('password-reset', 'race@example.com');
    await h.auth.resetPassword({ token: mail.token, password: 'brand new passphrase', confirmPassword: 'brand new passphrase' });
    resetDone();
    const successor = await racing;
    h.store.refreshTokens.saveRefreshToken = save;
    await expectAuthError(h.auth.refresh({ refreshToken: successor.refreshToken }), 'TOKEN_INVALID');
    expect((await h.auth.login({ email: 'race@example.com', password: 'brand new passphrase' })).user.id).toBe(user.id);
  });

  it('refuses a refresh token whose stored owner differs from its sub', async () => {
    const { h, session } = await loggedIn('owner@example.com');
    const { jti, fam } = decodeJwt(session.refreshToken);
    // The stored row says another user owns this jti (a bug elsewhere, or a tampered database):
    // the memory store replaces the row saved under the same jti.
    const now = h.clock.now();
    await h.store.refreshTokens.saveRefreshToken({
      jti: jti!,
      familyId: fam as string,
      userId: 'someone-else',
      issuedAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    });
    await expectAuthError(h.auth.refresh({ refreshToken: session.refreshToken }), 'REFRESH_TOKEN_REUSED');
  });

  it('with refreshTokenReuseInterval, lets a token just rotated refresh again (a second tab) and still catches a later replay', async () => {
    const { h, session } = await loggedIn('tabs@example.com', { refreshTokenReuseInterval: 10 });
    const first = await h.auth.refresh({ refreshToken: session.refreshToken });
    h.clock.advance(5);
    const second = await h.auth.refresh({ refreshToken: session.refreshToken });
    expect(decodeJwt(second.refreshToken).fam).toBe(decodeJwt(first.refreshToken).fam);
    await expect(h.auth.refresh({ refreshToken: first.refreshToken })).resolves.toHaveProperty('accessToken');
    h.clock.advance(10);
    await expectAuthError(h.auth.refresh({ refreshToken: session.refreshToken }), 'REFRESH_TOKEN_REUSED');
    await expectAuthError(h.auth.refresh({ refreshToken: second.refreshToken }), 'REFRESH_TOKEN_REUSED');
  });

  it('without it (the default), a second refresh with the same token revokes the family at once', async () => {
    const { h, session } = await loggedIn('one-tab@example.com');
    const first = await h.auth.refresh({ refreshToken: session.refreshToken });
    await expectAuthError(h.auth.refresh({ refreshToken: session.refreshToken }), 'REFRESH_TOKEN_REUSED');
    await expectAuthError(h.auth.refresh({ refreshToken: first.refreshToken }), 'REFRESH_TOKEN_REUSED');
  });
});
