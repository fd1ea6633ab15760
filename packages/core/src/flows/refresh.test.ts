import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { PASSWORD, createFlowHarness, expectAuthError } from './flow-harness.test-helpers.js';

const SUPER_ACTOR = { id: 'operator', roles: ['super' as const] };

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
    expect(await h.auth.verifyAccessToken(next.accessToken)).toMatchObject({ id: user.id, iat: Math.floor(h.clock.now().getTime() / 1000) });
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
    await h.auth.setRoles(SUPER_ACTOR, user.id, { roles: ['manager'] });
    // The token already issued keeps the roles of its issue time.
    expect((await h.auth.verifyAccessToken(session.accessToken)).roles).toEqual([]);
    const next = await h.auth.refresh({ refreshToken: session.refreshToken });
    expect((await h.auth.verifyAccessToken(next.accessToken)).roles).toEqual(['manager']);
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
