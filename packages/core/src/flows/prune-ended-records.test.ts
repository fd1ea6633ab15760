import { describe, expect, it } from 'vitest';
import { PASSWORD, createFlowHarness, expectAuthError } from './flow-harness.test-helpers.js';

describe('pruneEndedRecords', () => {
  it('deletes ended refresh and one-time tokens once no token of theirs can be used, and keeps live ones', async () => {
    const h = createFlowHarness({
      config: { accessTokenTtl: '15m', refreshTokenTtl: '1h', emailVerificationTtl: '1h', jitterSeconds: 0, checkTokenVersion: true },
    });
    await h.register({ email: 'prune@example.com' });
    await h.waitForMail('email-verification', 'prune@example.com');
    const ended = await h.auth.login({ email: 'prune@example.com', password: PASSWORD });
    await h.auth.logout({ refreshToken: ended.refreshToken });
    expect(await h.auth.pruneEndedRecords()).toEqual({
      refreshTokens: 0,
      oneTimeTokens: 0,
      rateLimitWindows: 0,
      sessions: 0,
      revocations: 0,
    });

    h.clock.advance(3600 + 60);
    const live = await h.auth.login({ email: 'prune@example.com', password: PASSWORD });
    // Expired, but a revoked session's rows stay while one of its access tokens could still be shown.
    // The logout's revocation record outlived every access token of its session: pruned.
    expect(await h.auth.pruneEndedRecords()).toEqual({
      refreshTokens: 0,
      oneTimeTokens: 1,
      rateLimitWindows: 0,
      sessions: 0,
      revocations: 1,
    });
    h.clock.advance(15 * 60);
    const pruned = await h.auth.pruneEndedRecords();
    expect(pruned.refreshTokens).toBe(2);
    expect(pruned.sessions).toBe(2); // the registration's and the ended login's

    await expect(h.auth.refresh({ refreshToken: live.refreshToken })).resolves.toHaveProperty('accessToken');
    await expectAuthError(h.auth.refresh({ refreshToken: ended.refreshToken }), 'TOKEN_EXPIRED');
  });
});
