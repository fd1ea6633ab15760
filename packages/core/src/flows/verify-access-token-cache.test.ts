import { describe, expect, it } from 'vitest';
import { createFlowHarness, expectAuthError } from './flow-harness.test-helpers.js';

/** The same token with one character of its signature changed. */
const tampered = (token: string) => token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);

describe("verifyAccessToken answered from the token service's cache", () => {
  it('gives the same payload the second time, from the cache', async () => {
    const h = createFlowHarness();
    const { accessToken } = await h.register({ email: 'cached@example.com' });
    const verified = await h.auth.verifyAccessToken(accessToken);
    expect(await h.auth.verifyAccessToken(accessToken)).toEqual(verified);
  });

  it('never answers for a token that differs in one character: it fails the full check', async () => {
    const h = createFlowHarness();
    const { accessToken } = await h.register({ email: 'forged@example.com' });
    await h.auth.verifyAccessToken(accessToken);
    await expectAuthError(h.auth.verifyAccessToken(tampered(accessToken)), 'TOKEN_INVALID');
  });

  it('stops answering at exp, where the full check says TOKEN_EXPIRED', async () => {
    const h = createFlowHarness();
    const { accessToken } = await h.register({ email: 'expiring@example.com' });
    const { exp } = await h.auth.verifyAccessToken(accessToken);
    h.clock.advance(exp - Math.floor(h.clock.now().getTime() / 1000) - 1);
    await expect(h.auth.verifyAccessToken(accessToken)).resolves.toMatchObject({ exp });
    h.clock.advance(1);
    await expectAuthError(h.auth.verifyAccessToken(accessToken), 'TOKEN_EXPIRED');
  });

  it('refuses an unconfirmed address when confirmation is required, cached or not, unless the route allows it', async () => {
    const h = createFlowHarness({ config: { requireEmailVerification: true } });
    const { accessToken } = await h.register({ email: 'unconfirmed@example.com' });
    await expect(h.auth.verifyAccessToken(accessToken, { allowUnconfirmed: true })).resolves.toMatchObject({ emailVerified: false });
    await expectAuthError(h.auth.verifyAccessToken(accessToken), 'EMAIL_NOT_VERIFIED');
    await expectAuthError(h.auth.verifyAccessToken(accessToken), 'EMAIL_NOT_VERIFIED');
  });

  it('never answers from the cache with per-request revocation on: logout-all ends a token verified before', async () => {
    const h = createFlowHarness({ config: { checkTokenVersion: true } });
    const { accessToken, user } = await h.register({ email: 'revocable@example.com' });
    await h.auth.verifyAccessToken(accessToken);
    await h.auth.logoutAll(user.id);
    await expectAuthError(h.auth.verifyAccessToken(accessToken), 'TOKEN_INVALID');
  });
});
