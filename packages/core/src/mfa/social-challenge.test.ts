import { describe, expect, it } from 'vitest';
import { hashExchangeCode } from '../social/browser-binding.js';
import { userWithTotp } from './mfa-flows.test-helpers.js';
import type { MfaChallenge } from './login-challenge.js';

describe('a social sign-in of an account with a second factor', () => {
  it('answers the challenge from the exchange; the code then signs in with amr fed, otp, mfa and isNewUser', async () => {
    const u = await userWithTotp();
    // The exchange code the provider callback would have stored for this account.
    const token = 'exchange-code-for-this-test';
    const browserKey = 'browser-key-of-this-test';
    const tokenHash = await hashExchangeCode(token, browserKey);
    const now = u.h.clock.now();
    await u.h.store.oneTimeTokens.saveOneTimeToken({
      tokenHash,
      purpose: 'oauth-sign-in',
      userId: u.userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 60_000),
    });

    const outcome = (await u.h.auth.social.exchange({ code: token }, browserKey)) as MfaChallenge;
    expect(outcome).toEqual({ mfaRequired: true, mfaToken: expect.any(String), methods: ['totp', 'recovery'] });
    expect(outcome).not.toHaveProperty('accessToken');

    const result = await u.h.auth.mfa.verify({ mfaToken: outcome.mfaToken, code: u.code() });
    expect(result.isNewUser).toBe(false);
    expect((await u.h.auth.verifyAccessToken(result.accessToken)).amr).toEqual(['fed', 'otp', 'mfa']);
  });
});
