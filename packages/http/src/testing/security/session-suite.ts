import { describe, expect, it } from 'vitest';
import type { StartServer } from '../server-under-test.js';
import { loginAs, mailTokenFor, registerUser, RESET_LINK, SUPER, useServer, VERIFY_LINK } from '../suite-setup.js';

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

  describe('threat: token malleability (a second spelling of a genuine token)', () => {
    const s = useServer(start);
    const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    /** The signature's last character swapped for the twin that decodes to the same bytes (E -> F). */
    const twin = (token: string) => {
      const last = B64URL.indexOf(token[token.length - 1]!);
      return token.slice(0, -1) + B64URL[last ^ 1]!;
    };

    it('refuses an access token and a refresh token whose signature ends in a non-canonical twin character', async () => {
      const { body } = await registerUser(s);
      expect(Buffer.from(twin(body.accessToken).split('.')[2]!, 'base64url')).toEqual(
        Buffer.from(body.accessToken.split('.')[2]!, 'base64url'),
      );
      const me = await s.api('GET', '/api/v1/users/me', { token: twin(body.accessToken) });
      expect(me.status).toBe(401);
      expect(me.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      expect((await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: twin(body.refreshToken) } })).status).toBe(401);
      expect((await s.api('GET', '/api/v1/users/me', { token: body.accessToken })).status).toBe(200);
    });
  });

  describe('threat: a session ended by two tabs refreshing at once (REFRESH_TOKEN_REUSE_INTERVAL=10)', () => {
    const s = useServer(start, { config: { refreshTokenReuseInterval: 10 } });

    it('two refreshes at once with one token both succeed in the same session; the default would revoke it', async () => {
      const { input } = await registerUser(s);
      const session = await loginAs(s, input.email, input.password);
      const [a, b] = await Promise.all(
        [1, 2].map(() => s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: session.refreshToken } })),
      );
      expect([a!.status, b!.status]).toEqual([200, 200]);
      for (const next of [a!, b!]) {
        expect((await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: next.body.refreshToken } })).status).toBe(200);
      }
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

    it('a HEAD on the confirmation link (a mail scanner) does not use it up', async () => {
      const { input } = await registerUser(s);
      const token = await mailTokenFor(s, input.email, VERIFY_LINK);
      for (const accept of ['application/json', 'text/html']) {
        const head = await s.api('HEAD', `/api/v1/auth/verify-email?token=${token}`, { headers: { accept } });
        expect(head.status).toBe(200);
        expect(head.text).toBe('');
      }
      expect((await s.api('GET', `/api/v1/auth/verify-email?token=${token}`)).status).toBe(200);
      expect((await s.api('GET', `/api/v1/auth/verify-email?token=${token}`)).status).toBe(400);
    });

    it('a reset through the mailed link proves the mailbox: the address is confirmed', async () => {
      const { input, body } = await registerUser(s);
      await s.api('POST', '/api/v1/auth/forgot-password', { body: { email: input.email } });
      const token = await mailTokenFor(s, input.email, RESET_LINK);
      const reset = await s.api('POST', '/api/v1/auth/reset-password', {
        body: { token, password: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' },
      });
      expect(reset.status).toBe(200);
      const session = await loginAs(s, input.email, 'a brand new passphrase');
      const me = await s.api('GET', '/api/v1/users/me', { token: session.accessToken });
      expect(me.body).toMatchObject({ id: body.user.id, isActive: true });
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

  describe('threat: a session kept alive forever by rotation (SESSION_MAX_LIFETIME)', () => {
    const s = useServer(start, { config: { sessionMaxLifetime: '3s', refreshTokenTtl: '1h', jitterSeconds: 0 } });

    it('refuses a refresh once the session is older than its maximum lifetime, though each rotation was recent', async () => {
      const { input } = await registerUser(s);
      let { refreshToken } = await loginAs(s, input.email, input.password);
      for (let i = 0; i < 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, 600));
        const rotated = await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken } });
        expect(rotated.status).toBe(200);
        refreshToken = rotated.body.refreshToken;
      }
      // Token times are whole seconds: 3.3 s after the login is past its third second in any case.
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const ended = await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken } });
      expect(ended.status).toBe(401);
      expect(ended.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    });
  });

  describe('threat: a refresh racing a password reset survives it', () => {
    const s = useServer(start);

    it('no refresh sent together with a reset leaves a token that still refreshes (8 tries)', async () => {
      for (let i = 0; i < 8; i++) {
        const { input } = await registerUser(s);
        const session = await loginAs(s, input.email, input.password);
        await s.api('POST', '/api/v1/auth/forgot-password', { body: { email: input.email } });
        const token = await mailTokenFor(s, input.email, RESET_LINK);
        const [refreshed, reset] = await Promise.all([
          s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: session.refreshToken } }),
          s.api('POST', '/api/v1/auth/reset-password', {
            body: { token, password: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' },
          }),
        ]);
        expect(reset.status).toBe(200);
        expect([200, 401]).toContain(refreshed.status);
        if (refreshed.status === 200) {
          const next = await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: refreshed.body.refreshToken } });
          expect(next.status).toBe(401);
        }
      }
    });
  });

  describe('threat: one-time token used after it expired', () => {
    const s = useServer(start, { config: { passwordResetTtl: '1s' } });

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

  describe('threat: a stolen access token outliving logout (checkTokenVersion: true)', () => {
    const s = useServer(start, { config: { checkTokenVersion: true } });

    it('refuses access tokens issued before logout-all', async () => {
      const { input, body } = await registerUser(s);
      const other = await loginAs(s, input.email, input.password);
      expect((await s.api('GET', '/api/v1/users/me', { token: other.accessToken })).status).toBe(200);
      expect((await s.api('POST', '/api/v1/auth/logout-all', { token: body.accessToken })).status).toBe(204);
      expect((await s.api('GET', '/api/v1/users/me', { token: other.accessToken })).status).toBe(401);
      const fresh = await loginAs(s, input.email, input.password);
      expect((await s.api('GET', '/api/v1/users/me', { token: fresh.accessToken })).status).toBe(200);
    });

    it("logout ends the access tokens of its session at the next request; the user's other sessions keep working", async () => {
      const { input } = await registerUser(s);
      const ended = await loginAs(s, input.email, input.password);
      const other = await loginAs(s, input.email, input.password);
      expect((await s.api('GET', '/api/v1/users/me', { token: ended.accessToken })).status).toBe(200);
      expect((await s.api('POST', '/api/v1/auth/logout', { body: { refreshToken: ended.refreshToken } })).status).toBe(204);

      const after = await s.api('GET', '/api/v1/users/me', { token: ended.accessToken });
      expect(after.status).toBe(401);
      expect(after.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      expect((await s.api('POST', '/api/v1/auth/verify-token', { token: ended.accessToken })).status).toBe(401);
      expect((await s.api('GET', '/api/v1/users/me', { token: other.accessToken })).status).toBe(200);
    });

    it('refuses access tokens issued before a password reset', async () => {
      const { input, body } = await registerUser(s);
      await s.api('POST', '/api/v1/auth/forgot-password', { body: { email: input.email } });
      const token = await mailTokenFor(s, input.email, RESET_LINK);
      await s.api('POST', '/api/v1/auth/reset-password', {
        body: { token, password: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' },
      });
      expect((await s.api('GET', '/api/v1/users/me', { token: body.accessToken })).status).toBe(401);
    });

    it("refuses access tokens issued before an administrator revoked the user's sessions", async () => {
      const { input, body } = await registerUser(s);
      const root = await loginAs(s, SUPER.email, SUPER.password);
      expect((await s.api('DELETE', `/api/v1/users/${body.user.id}/sessions`, { token: root.accessToken })).status).toBe(204);
      expect((await s.api('GET', '/api/v1/users/me', { token: body.accessToken })).status).toBe(401);
      // The administrator's own token is untouched; the user can sign in again.
      expect((await s.api('GET', '/api/v1/users', { token: root.accessToken })).status).toBe(200);
      const fresh = await loginAs(s, input.email, input.password);
      expect((await s.api('GET', '/api/v1/users/me', { token: fresh.accessToken })).status).toBe(200);
    });
  });
}
