import { describe, expect, it } from 'vitest';
import type { StartServer } from '../server-under-test.js';
import { loginAs, mailTokenFor, registerUser, RESET_LINK, useServer, VERIFY_LINK } from '../suite-setup.js';

export function sessionSuite(start: StartServer): void {
  describe('threat: refresh-token theft and replay races', () => {
    const s = useServer(start);

    it('of twenty parallel refreshes with one token, at most one succeeds', async () => {
      const { body } = await registerUser(s);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: body.refreshToken } })),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
      expect(statuses.every((status) => status === 200 || status === 401)).toBe(true);
    });
  });

  describe('threat: one-time token misuse (reuse, wrong purpose)', () => {
    const s = useServer(start);

    it('refuses a confirmation token as a reset token and a reset token as a confirmation token', async () => {
      const { input } = await registerUser(s);
      const verifyToken = await mailTokenFor(s, input.email, VERIFY_LINK);
      const asReset = await s.api('POST', '/api/v1/auth/reset-password', {
        body: { token: verifyToken, password: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' },
      });
      expect(asReset.status).toBe(400);
      await s.api('POST', '/api/v1/auth/forgot-password', { body: { email: input.email } });
      const resetToken = await mailTokenFor(s, input.email, RESET_LINK);
      expect((await s.api('GET', `/api/v1/auth/verify-email?token=${resetToken}`)).status).toBe(400);
      // Neither failed attempt used the tokens up.
      expect((await s.api('GET', `/api/v1/auth/verify-email?token=${verifyToken}`)).status).toBe(200);
    });

    it('keeps a reset token usable after a request that failed validation', async () => {
      const { input } = await registerUser(s);
      await s.api('POST', '/api/v1/auth/forgot-password', { body: { email: input.email } });
      const token = await mailTokenFor(s, input.email, RESET_LINK);
      const weak = await s.api('POST', '/api/v1/auth/reset-password', { body: { token, password: 'short', confirmPassword: 'short' } });
      expect(weak.status).toBe(400);
      const ok = await s.api('POST', '/api/v1/auth/reset-password', {
        body: { token, password: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' },
      });
      expect(ok.status).toBe(200);
    });
  });

  describe('threat: one-time token used after it expired', () => {
    const s = useServer(start, { PASSWORD_RESET_TTL: '1s' });

    it('refuses a reset token once its lifetime has passed', async () => {
      const { input } = await registerUser(s);
      await s.api('POST', '/api/v1/auth/forgot-password', { body: { email: input.email } });
      const token = await mailTokenFor(s, input.email, RESET_LINK);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const res = await s.api('POST', '/api/v1/auth/reset-password', {
        body: { token, password: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' },
      });
      expect(res.status).toBe(400);
    });
  });

  describe('threat: a stolen access token outliving logout (CHECK_TOKEN_VERSION=true)', () => {
    const s = useServer(start, { CHECK_TOKEN_VERSION: 'true' });

    it('refuses access tokens issued before logout-all', async () => {
      const { input, body } = await registerUser(s);
      const other = await loginAs(s, input.email, input.password);
      expect((await s.api('GET', '/api/v1/users/me', { token: other.accessToken })).status).toBe(200);
      expect((await s.api('POST', '/api/v1/auth/logout-all', { token: body.accessToken })).status).toBe(204);
      expect((await s.api('GET', '/api/v1/users/me', { token: other.accessToken })).status).toBe(401);
      const fresh = await loginAs(s, input.email, input.password);
      expect((await s.api('GET', '/api/v1/users/me', { token: fresh.accessToken })).status).toBe(200);
    });

    it('refuses access tokens issued before a password reset', async () => {
      const { input, body } = await registerUser(s);
      await s.api('POST', '/api/v1/auth/forgot-password', { body: { email: input.email } });
      const token = await mailTokenFor(s, input.email, RESET_LINK);
      await s.api('POST', '/api/v1/auth/reset-password', { body: { token, password: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' } });
      expect((await s.api('GET', '/api/v1/users/me', { token: body.accessToken })).status).toBe(401);
    });
  });
}
