import { describe, expect, it } from 'vitest';
import { PASSWORD, createFlowHarness, expectAuthError } from './flow-harness.test-helpers.js';

describe('logout', () => {
  it('revokes the refresh token and its family', async () => {
    const h = createFlowHarness();
    await h.register({ email: 'bye@example.com' });
    const session = await h.auth.login({ email: 'bye@example.com', password: PASSWORD });
    const rotated = await h.auth.refresh({ refreshToken: session.refreshToken });
    await expect(h.auth.logout({ refreshToken: rotated.refreshToken })).resolves.toBeUndefined();
    await expectAuthError(h.auth.refresh({ refreshToken: rotated.refreshToken }), 'REFRESH_TOKEN_REUSED');
  });

  it('revokes the family even when an older token of it is presented', async () => {
    const h = createFlowHarness();
    await h.register({ email: 'old@example.com' });
    const session = await h.auth.login({ email: 'old@example.com', password: PASSWORD });
    const rotated = await h.auth.refresh({ refreshToken: session.refreshToken });
    await h.auth.logout({ refreshToken: session.refreshToken });
    await expectAuthError(h.auth.refresh({ refreshToken: rotated.refreshToken }), 'REFRESH_TOKEN_REUSED');
  });

  it('with checkTokenVersion, ends the access tokens of that session, rotated ones included, and no other', async () => {
    const h = createFlowHarness({ config: { checkTokenVersion: true } });
    await h.register({ email: 'sid@example.com' });
    const ended = await h.auth.login({ email: 'sid@example.com', password: PASSWORD });
    const rotated = await h.auth.refresh({ refreshToken: ended.refreshToken });
    const other = await h.auth.login({ email: 'sid@example.com', password: PASSWORD });
    await h.auth.logout({ refreshToken: rotated.refreshToken });
    await expectAuthError(h.auth.verifyAccessToken(ended.accessToken), 'TOKEN_INVALID');
    await expectAuthError(h.auth.verifyAccessToken(rotated.accessToken), 'TOKEN_INVALID');
    await expect(h.auth.verifyAccessToken(other.accessToken)).resolves.toMatchObject({ email: 'sid@example.com' });
  });

  it('ends only that session', async () => {
    const h = createFlowHarness();
    await h.register({ email: 'one-of-two@example.com' });
    const first = await h.auth.login({ email: 'one-of-two@example.com', password: PASSWORD });
    const second = await h.auth.login({ email: 'one-of-two@example.com', password: PASSWORD });
    await h.auth.logout({ refreshToken: first.refreshToken });
    await expect(h.auth.refresh({ refreshToken: second.refreshToken })).resolves.toHaveProperty('accessToken');
  });

  it('is idempotent', async () => {
    const h = createFlowHarness();
    const { refreshToken } = await h.register({ email: 'again@example.com' });
    await h.auth.logout({ refreshToken });
    await expect(h.auth.logout({ refreshToken })).resolves.toBeUndefined();
  });

  it('accepts an expired refresh token without error', async () => {
    const h = createFlowHarness();
    const { refreshToken } = await h.register({ email: 'expired-logout@example.com' });
    h.clock.advance(30 * 86_400);
    await expect(h.auth.logout({ refreshToken })).resolves.toBeUndefined();
  });

  it('refuses a forged or access token with TOKEN_INVALID', async () => {
    const h = createFlowHarness();
    const { accessToken, refreshToken } = await h.register({ email: 'forged-logout@example.com' });
    await expectAuthError(h.auth.logout({ refreshToken: accessToken }), 'TOKEN_INVALID');
    await expectAuthError(h.auth.logout({ refreshToken: `${refreshToken}x` }), 'TOKEN_INVALID');
    await expect(h.auth.refresh({ refreshToken })).resolves.toHaveProperty('accessToken');
  });
});

describe('logout-all', () => {
  it('revokes every session of the user and none of another user', async () => {
    const h = createFlowHarness();
    const { user, refreshToken: fromRegister } = await h.register({ email: 'all@example.com' });
    const first = await h.auth.login({ email: 'all@example.com', password: PASSWORD });
    const second = await h.auth.login({ email: 'all@example.com', password: PASSWORD });
    const rotated = await h.auth.refresh({ refreshToken: second.refreshToken });
    const { refreshToken: bystander } = await h.register({ email: 'bystander@example.com' });

    await expect(h.auth.logoutAll(user.id)).resolves.toBeUndefined();

    for (const refreshToken of [fromRegister, first.refreshToken, rotated.refreshToken]) {
      await expectAuthError(h.auth.refresh({ refreshToken }), 'REFRESH_TOKEN_REUSED');
    }
    await expect(h.auth.refresh({ refreshToken: bystander })).resolves.toHaveProperty('accessToken');
  });

  it('does not stop the user from logging in again', async () => {
    const h = createFlowHarness();
    const { user } = await h.register({ email: 'back@example.com' });
    await h.auth.logoutAll(user.id);
    const session = await h.auth.login({ email: 'back@example.com', password: PASSWORD });
    await expect(h.auth.refresh({ refreshToken: session.refreshToken })).resolves.toHaveProperty('accessToken');
  });
});
