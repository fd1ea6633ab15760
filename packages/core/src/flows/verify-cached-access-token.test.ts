import { describe, expect, it } from 'vitest';
import { createFlowHarness, expectAuthError } from './flow-harness.test-helpers.js';

/** The same token with one character of its signature changed. */
const tampered = (token: string) => token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);

describe("verifyCachedAccessToken: the guard's answer without waiting", () => {
  it('knows a token only after verifyAccessToken accepted it, and then gives the same payload', async () => {
    const h = createFlowHarness();
    const { accessToken } = await h.register({ email: 'cached@example.com' });
    expect(h.auth.verifyCachedAccessToken(accessToken)).toBeUndefined();
    const verified = await h.auth.verifyAccessToken(accessToken);
    expect(h.auth.verifyCachedAccessToken(accessToken)).toEqual(verified);
  });

  it('never answers for a token that differs in one character, which then fails the full check', async () => {
    const h = createFlowHarness();
    const { accessToken } = await h.register({ email: 'forged@example.com' });
    await h.auth.verifyAccessToken(accessToken);
    expect(h.auth.verifyCachedAccessToken(tampered(accessToken))).toBeUndefined();
    await expectAuthError(h.auth.verifyAccessToken(tampered(accessToken)), 'TOKEN_INVALID');
  });

  it('stops answering at exp, where the full check says TOKEN_EXPIRED', async () => {
    const h = createFlowHarness();
    const { accessToken } = await h.register({ email: 'expiring@example.com' });
    const { exp } = await h.auth.verifyAccessToken(accessToken);
    h.clock.advance(exp - Math.floor(h.clock.now().getTime() / 1000) - 1);
    expect(h.auth.verifyCachedAccessToken(accessToken)).toBeDefined();
    h.clock.advance(1);
    expect(h.auth.verifyCachedAccessToken(accessToken)).toBeUndefined();
    await expectAuthError(h.auth.verifyAccessToken(accessToken), 'TOKEN_EXPIRED');
  });

  it('does not answer for an unconfirmed address when confirmation is required, though the signature was checked', async () => {
    const h = createFlowHarness({ config: { requireEmailVerification: true } });
    const { accessToken } = await h.register({ email: 'unconfirmed@example.com' });
    await expectAuthError(h.auth.verifyAccessToken(accessToken), 'EMAIL_NOT_VERIFIED');
    expect(h.auth.verifyCachedAccessToken(accessToken)).toBeUndefined();
  });

  it('never answers with per-request revocation on, whose store read cannot be skipped', async () => {
    const h = createFlowHarness({ config: { checkTokenVersion: true } });
    const { accessToken } = await h.register({ email: 'revocable@example.com' });
    await h.auth.verifyAccessToken(accessToken);
    expect(h.auth.verifyCachedAccessToken(accessToken)).toBeUndefined();
  });
});
