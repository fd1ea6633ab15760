import { describe, expect, it } from 'vitest';
import type { StartServer } from './server-under-test.js';
import { loginAs, mailTokenFor, registerUser, RESET_LINK, useServer } from './suite-setup.js';

const NEW_PASSWORD = 'a brand new passphrase';

export function recoverySuite(start: StartServer): void {
  describe('forgot and reset password', () => {
    const s = useServer(start);

    it('answers the same 200 body for a registered and an unknown address, and mails only the registered one', async () => {
      const { input } = await registerUser(s);
      const unknownAddress = `nobody-${input.email}`;
      const unknown = await s.api('POST', '/api/v1/auth/forgot-password', { body: { email: unknownAddress } });
      const known = await s.api('POST', '/api/v1/auth/forgot-password', { body: { email: input.email } });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      expect(typeof known.body.message).toBe('string');
      await mailTokenFor(s, input.email, RESET_LINK);
      expect(s.server.mails().some((m) => m.to.includes(unknownAddress))).toBe(false);
    });

    it('answers 400 to forgot-password without a valid e-mail', async () => {
      expect((await s.api('POST', '/api/v1/auth/forgot-password', { body: { email: 'nope' } })).status).toBe(400);
    });

    it('resets the password with the mailed token, once, and revokes every session', async () => {
      const { input, body } = await registerUser(s);
      const session = await loginAs(s, input.email, input.password);
      await s.api('POST', '/api/v1/auth/forgot-password', { body: { email: input.email } });
      const token = await mailTokenFor(s, input.email, RESET_LINK);

      // The page the link opens: each adapter ships it (`resetPasswordPage()`).
      const page = await s.api('GET', `/reset-password?token=${encodeURIComponent(token)}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.text).toContain('<form');

      const mismatch = await s.api('POST', '/api/v1/auth/reset-password', {
        body: { token, password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}!` },
      });
      expect(mismatch.status).toBe(400);

      const res = await s.api('POST', '/api/v1/auth/reset-password', {
        body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });
      expect(res.status).toBe(200);
      expect(typeof res.body.message).toBe('string');

      const oldPassword = await s.api('POST', '/api/v1/auth/login', { body: { email: input.email, password: input.password } });
      expect(oldPassword.status).toBe(401);
      await loginAs(s, input.email, NEW_PASSWORD);
      for (const refreshToken of [body.refreshToken, session.refreshToken]) {
        expect((await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken } })).status).toBe(401);
      }

      const reuse = await s.api('POST', '/api/v1/auth/reset-password', {
        body: { token, password: 'yet another password', confirmPassword: 'yet another password' },
      });
      expect(reuse.status).toBe(400);
      expect(reuse.body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'ONE_TIME_TOKEN_INVALID' });
    });

    it('answers 400 to a reset with an unknown token', async () => {
      const res = await s.api('POST', '/api/v1/auth/reset-password', {
        body: { token: 'made-up', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });
      expect(res.status).toBe(400);
    });
  });
}
