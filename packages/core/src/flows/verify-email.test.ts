import { describe, expect, it } from 'vitest';
import { hashOneTimeToken } from '../one-time/one-time-token.js';
import { createFlowHarness, expectAuthError } from './flow-harness.test-helpers.js';

const DAY = 24 * 3600;

async function registeredWithMail(email: string) {
  const h = createFlowHarness();
  const { user } = await h.register({ email });
  const { token } = await h.waitForMail('email-verification', email);
  return { h, user, token };
}

describe('verify e-mail', () => {
  it('activates the account with the mailed token', async () => {
    const { h, user, token } = await registeredWithMail('verify@example.com');
    h.clock.advance(60);
    await expect(h.auth.verifyEmail({ token })).resolves.toEqual({ message: expect.stringMatching(/\S/) });
    const profile = await h.auth.getUserProfile(user.id);
    expect(profile.isActive).toBe(true);
    expect(profile.emailVerifiedAt).toBe(h.clock.now().toISOString());
  });

  it('accepts the token only once: the second use is ONE_TIME_TOKEN_INVALID', async () => {
    const { h, token } = await registeredWithMail('twice@example.com');
    await h.auth.verifyEmail({ token });
    await expectAuthError(h.auth.verifyEmail({ token }), 'ONE_TIME_TOKEN_INVALID');
  });

  it('accepts the token one second before 24 hours have passed', async () => {
    const { h, user, token } = await registeredWithMail('late@example.com');
    h.clock.advance(DAY - 1);
    await h.auth.verifyEmail({ token });
    expect((await h.auth.getUserProfile(user.id)).isActive).toBe(true);
  });

  it('refuses the token once 24 hours have passed, and the account stays inactive', async () => {
    const { h, user, token } = await registeredWithMail('expired@example.com');
    h.clock.advance(DAY);
    await expectAuthError(h.auth.verifyEmail({ token }), 'ONE_TIME_TOKEN_INVALID');
    expect((await h.auth.getUserProfile(user.id)).isActive).toBe(false);
  });

  it('stores only the SHA-256 of the token', async () => {
    const { h, user, token } = await registeredWithMail('hashed@example.com');
    const now = h.clock.now();
    await expect(h.store.oneTimeTokens.findActiveOneTimeToken(token, 'email-verification', now)).resolves.toBeNull();
    await expect(h.store.oneTimeTokens.findActiveOneTimeToken(await hashOneTimeToken(token), 'email-verification', now)).resolves.toEqual({
      userId: user.id,
    });
  });

  it('refuses an unknown token with ONE_TIME_TOKEN_INVALID', async () => {
    const h = createFlowHarness();
    await expectAuthError(h.auth.verifyEmail({ token: 'A'.repeat(43) }), 'ONE_TIME_TOKEN_INVALID');
  });

  it('refuses a missing token with VALIDATION_FAILED', async () => {
    const h = createFlowHarness();
    const error = await expectAuthError(h.auth.verifyEmail({}), 'VALIDATION_FAILED');
    expect(error.details?.map((d) => d.path)).toEqual(['token']);
  });

  it('refuses a password-reset token as a confirmation token', async () => {
    const { h, user, token: verificationToken } = await registeredWithMail('purpose@example.com');
    await h.auth.forgotPassword({ email: 'purpose@example.com' });
    const { token: resetToken } = await h.waitForMail('password-reset', 'purpose@example.com');
    await expectAuthError(h.auth.verifyEmail({ token: resetToken }), 'ONE_TIME_TOKEN_INVALID');
    expect((await h.auth.getUserProfile(user.id)).isActive).toBe(false);
    await h.auth.verifyEmail({ token: verificationToken });
  });
});

describe('access tokens when the deployment requires a confirmed address', () => {
  it('refuses the token issued at registration with EMAIL_NOT_VERIFIED until the address is confirmed and the token refreshed', async () => {
    const h = createFlowHarness({ config: { requireEmailVerification: true } });
    const registered = await h.register({ email: 'later@example.com' });
    await expectAuthError(h.auth.verifyAccessToken(registered.accessToken), 'EMAIL_NOT_VERIFIED');

    const { token } = await h.waitForMail('email-verification', 'later@example.com');
    await h.auth.verifyEmail({ token });
    // Still refused: the token says what was true when it was issued.
    await expectAuthError(h.auth.verifyAccessToken(registered.accessToken), 'EMAIL_NOT_VERIFIED');
    const refreshed = await h.auth.refresh({ refreshToken: registered.refreshToken });
    await expect(h.auth.verifyAccessToken(refreshed.accessToken)).resolves.toMatchObject({ id: registered.user.id, emailVerified: true });
  });

  it('accepts the token of an unconfirmed address when confirmation is not required (the default)', async () => {
    const h = createFlowHarness();
    const registered = await h.register({ email: 'relaxed@example.com' });
    await expect(h.auth.verifyAccessToken(registered.accessToken)).resolves.toMatchObject({ emailVerified: false });
  });
});
