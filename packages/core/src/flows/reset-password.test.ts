import { describe, expect, it } from 'vitest';
import { PASSWORD, createFlowHarness, expectAuthError } from './flow-harness.test-helpers.js';

const NEW_PASSWORD = 'a brand new secret';
const reset = (token: string, password = NEW_PASSWORD, confirmPassword = password) => ({ token, password, confirmPassword });

async function withResetMail(email = 'reset@example.com') {
  const h = createFlowHarness();
  const { user } = await h.register({ email });
  await h.auth.forgotPassword({ email });
  const mail = await h.waitForMail('password-reset', email);
  return { h, user, email, token: mail.token, expiresAt: mail.expiresAt };
}

describe('reset password', () => {
  it('sets the new password: the old one stops working, the new one works', async () => {
    const { h, user, email, token } = await withResetMail();
    h.clock.advance(60);
    await expect(h.auth.resetPassword(reset(token))).resolves.toEqual({ message: expect.stringMatching(/\S/) });
    await expectAuthError(h.auth.login({ email, password: PASSWORD }), 'INVALID_CREDENTIALS');
    await expect(h.auth.login({ email, password: NEW_PASSWORD })).resolves.toHaveProperty('user.id', user.id);
    expect((await h.auth.getUserProfile(user.id)).passwordChangedAt).toBe(h.clock.now().toISOString());
  });

  it('confirms an unconfirmed address: the token came to its mailbox', async () => {
    const { h, user, token } = await withResetMail('unconfirmed-reset@example.com');
    expect((await h.auth.getUserProfile(user.id)).isActive).toBe(false);
    await h.auth.resetPassword(reset(token));
    expect(await h.auth.getUserProfile(user.id)).toMatchObject({ isActive: true, emailVerifiedAt: h.clock.now().toISOString() });
  });

  it('revokes every refresh token of the user', async () => {
    const h = createFlowHarness();
    const { refreshToken: fromRegister } = await h.register({ email: 'sessions@example.com' });
    const session = await h.auth.login({ email: 'sessions@example.com', password: PASSWORD });
    const { refreshToken: bystander } = await h.register({ email: 'other@example.com' });
    await h.auth.forgotPassword({ email: 'sessions@example.com' });
    const { token } = await h.waitForMail('password-reset', 'sessions@example.com');

    await h.auth.resetPassword(reset(token));

    await expectAuthError(h.auth.refresh({ refreshToken: fromRegister }), 'REFRESH_TOKEN_REUSED');
    await expectAuthError(h.auth.refresh({ refreshToken: session.refreshToken }), 'REFRESH_TOKEN_REUSED');
    await expect(h.auth.refresh({ refreshToken: bystander })).resolves.toHaveProperty('accessToken');
  });

  it('accepts the token only once', async () => {
    const { h, email, token } = await withResetMail();
    await h.auth.resetPassword(reset(token));
    await expectAuthError(h.auth.resetPassword(reset(token, 'yet another password')), 'ONE_TIME_TOKEN_INVALID');
    await expect(h.auth.login({ email, password: NEW_PASSWORD })).resolves.toHaveProperty('accessToken');
  });

  it('leaves the token usable after PASSWORD_MISMATCH', async () => {
    const { h, email, token } = await withResetMail();
    await expectAuthError(h.auth.resetPassword(reset(token, NEW_PASSWORD, `${NEW_PASSWORD}?`)), 'PASSWORD_MISMATCH');
    await expect(h.auth.login({ email, password: PASSWORD })).resolves.toHaveProperty('accessToken');
    await h.auth.resetPassword(reset(token));
    await expect(h.auth.login({ email, password: NEW_PASSWORD })).resolves.toHaveProperty('accessToken');
  });

  it('leaves the token usable after a too-short password', async () => {
    const { h, email, token } = await withResetMail();
    const error = await expectAuthError(h.auth.resetPassword(reset(token, 'short')), 'VALIDATION_FAILED');
    expect(error.details?.map((d) => d.path)).toEqual(['password']);
    await h.auth.resetPassword(reset(token));
    await expect(h.auth.login({ email, password: NEW_PASSWORD })).resolves.toHaveProperty('accessToken');
  });

  it('lets a second request supersede the first token', async () => {
    const { h, email, token: first } = await withResetMail();
    h.clock.advance(60);
    await h.auth.forgotPassword({ email });
    const { token: second } = await h.waitForMail('password-reset', email, 2);
    expect(second).not.toBe(first);
    await expectAuthError(h.auth.resetPassword(reset(first)), 'ONE_TIME_TOKEN_INVALID');
    await h.auth.resetPassword(reset(second));
    await expect(h.auth.login({ email, password: NEW_PASSWORD })).resolves.toHaveProperty('accessToken');
  });

  it('accepts the token one second before it expires', async () => {
    const { h, email, token, expiresAt } = await withResetMail();
    h.clock.set(new Date(expiresAt.getTime() - 1000));
    await h.auth.resetPassword(reset(token));
    await expect(h.auth.login({ email, password: NEW_PASSWORD })).resolves.toHaveProperty('accessToken');
  });

  it('refuses the token at exactly expiresAt, one hour after the request', async () => {
    const { h, email, token, expiresAt } = await withResetMail();
    h.clock.advance(3600);
    expect(h.clock.now()).toEqual(expiresAt);
    await expectAuthError(h.auth.resetPassword(reset(token)), 'ONE_TIME_TOKEN_INVALID');
    await expect(h.auth.login({ email, password: PASSWORD })).resolves.toHaveProperty('accessToken');
  });

  it('refuses an unknown token with ONE_TIME_TOKEN_INVALID', async () => {
    const h = createFlowHarness();
    await expectAuthError(h.auth.resetPassword(reset('B'.repeat(43))), 'ONE_TIME_TOKEN_INVALID');
  });

  it('refuses an e-mail confirmation token as a reset token', async () => {
    const h = createFlowHarness();
    await h.register({ email: 'confirm-not-reset@example.com' });
    const { token } = await h.waitForMail('email-verification', 'confirm-not-reset@example.com');
    await expectAuthError(h.auth.resetPassword(reset(token)), 'ONE_TIME_TOKEN_INVALID');
    await expect(h.auth.login({ email: 'confirm-not-reset@example.com', password: PASSWORD })).resolves.toHaveProperty('accessToken');
  });
});
