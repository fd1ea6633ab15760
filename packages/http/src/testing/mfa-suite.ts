import { ERROR_CATALOGUE } from '@gatehousejs/core';
import { describe, expect, it } from 'vitest';
import { decodeClaims, withOldAuthTime } from './forge-token.js';
import { SUITE_SECRETS, type StartServer } from './server-under-test.js';
import { loginAs, registerUser, SUPER, useServer, type SuiteServer } from './suite-setup.js';
import { totpNow } from './totp-for-tests.js';

const errorOf = (status: number, error: string) => ({ statusCode: status, message: expect.any(String), error });

/** A fresh user who set up an authenticator app over HTTP; the confirming code was the current step's. */
async function userWithTotp(s: SuiteServer) {
  const { input, body } = await registerUser(s, 'mfa');
  const { accessToken } = await loginAs(s, input.email, input.password);
  const started = await s.api('POST', '/api/v1/users/me/mfa/totp', { token: accessToken });
  if (started.status !== 200) throw new Error(`enrollment failed: ${started.status} ${started.text}`);
  const secret = started.body.secret as string;
  const confirmed = await s.api('POST', '/api/v1/users/me/mfa/totp/confirm', { token: accessToken, body: { code: totpNow(secret) } });
  if (confirmed.status !== 200) throw new Error(`confirmation failed: ${confirmed.status} ${confirmed.text}`);
  return { input, id: body.user.id as string, accessToken, secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

async function challenge(s: SuiteServer, email: string, password: string): Promise<string> {
  const res = await s.api('POST', '/api/v1/auth/login', { body: { email, password } });
  if (res.status !== 200 || !res.body.mfaRequired) throw new Error(`expected a challenge: ${res.status} ${res.text}`);
  return res.body.mfaToken as string;
}

/** An access token like `token` whose last full authentication was an hour ago. */
const staleToken = (token: string) => withOldAuthTime(SUITE_SECRETS.JWT_SECRET, token, 3600);

/** Second factors over HTTP (CONTRACT §9, docs/mfa.md): TOTP set-up, the sign-in challenge, recovery codes. */
export function mfaSuite(start: StartServer): void {
  describe('second factors (TOTP and recovery codes)', () => {
    const s = useServer(start);

    it('shows no factor for a new account, and needs a token', async () => {
      const { input } = await registerUser(s, 'mfa');
      const { accessToken } = await loginAs(s, input.email, input.password);
      const res = await s.api('GET', '/api/v1/users/me/mfa', { token: accessToken });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ totp: false, passkeys: 0, recoveryCodesLeft: 0 });
      expect((await s.api('GET', '/api/v1/users/me/mfa')).status).toBe(401);
      expect((await s.api('POST', '/api/v1/users/me/mfa/totp')).status).toBe(401);
    });

    it('sets up an app: secret, otpauth URI and SVG QR code, then 10 recovery codes for a right code only', async () => {
      const { input } = await registerUser(s, 'mfa');
      const { accessToken } = await loginAs(s, input.email, input.password);
      const started = await s.api('POST', '/api/v1/users/me/mfa/totp', { token: accessToken });
      expect(started.status).toBe(200);
      expect(started.body).toEqual({
        secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
        otpauthUri: expect.stringMatching(/^otpauth:\/\/totp\/.+\?issuer=.+&secret=[A-Z2-7]{32}&algorithm=SHA1&digits=6&period=30$/),
        qrCodeSvg: expect.stringMatching(/^<svg[\s\S]*<\/svg>\s*$/),
      });
      const wrong = await s.api('POST', '/api/v1/users/me/mfa/totp/confirm', {
        token: accessToken,
        body: { code: totpNow(started.body.secret, 5) },
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject(errorOf(401, 'Unauthorized'));
      const right = await s.api('POST', '/api/v1/users/me/mfa/totp/confirm', {
        token: accessToken,
        body: { code: totpNow(started.body.secret) },
      });
      expect(right.status).toBe(200);
      expect(right.body.recoveryCodes).toHaveLength(10);
      expect((await s.api('GET', '/api/v1/users/me/mfa', { token: accessToken })).body).toEqual({
        totp: true,
        passkeys: 0,
        recoveryCodesLeft: 10,
      });
    });

    it('answers a password login with a challenge and no tokens; the code answers the login shape with amr pwd, otp, mfa', async () => {
      const u = await userWithTotp(s);
      const login = await s.api('POST', '/api/v1/auth/login', { body: { email: u.input.email, password: u.input.password } });
      expect(login.status).toBe(200);
      expect(login.body).toEqual({ mfaRequired: true, mfaToken: expect.any(String), methods: ['totp', 'recovery'] });

      const verified = await s.api('POST', '/api/v1/auth/mfa/verify', {
        body: { mfaToken: login.body.mfaToken, code: totpNow(u.secret, 1) },
      });
      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
        user: { id: u.id, email: u.input.email, roles: [] },
      });
      expect(decodeClaims(verified.body.accessToken).amr).toEqual(['pwd', 'otp', 'mfa']);
      // The token is used up with the sign-in.
      const again = await s.api('POST', '/api/v1/auth/mfa/verify', { body: { mfaToken: login.body.mfaToken, code: totpNow(u.secret, 1) } });
      expect(again.status).toBe(401);
    });

    it('accepts a code once: the same code on a new sign-in is refused', async () => {
      const u = await userWithTotp(s);
      const code = totpNow(u.secret, 1);
      const first = await s.api('POST', '/api/v1/auth/mfa/verify', {
        body: { mfaToken: await challenge(s, u.input.email, u.input.password), code },
      });
      expect(first.status).toBe(200);
      const replay = await s.api('POST', '/api/v1/auth/mfa/verify', {
        body: { mfaToken: await challenge(s, u.input.email, u.input.password), code },
      });
      expect(replay.status).toBe(401);
      expect(replay.body).toMatchObject({
        statusCode: 401,
        error: 'Unauthorized',
        message: ERROR_CATALOGUE.MFA_CODE_INVALID.message,
        code: 'MFA_CODE_INVALID',
      });
    });

    it('signs in with a recovery code once, and refuses an unknown mfaToken', async () => {
      const u = await userWithTotp(s);
      const body = (mfaToken: string) => ({ mfaToken, recoveryCode: u.recoveryCodes[3] });
      const first = await s.api('POST', '/api/v1/auth/mfa/verify', { body: body(await challenge(s, u.input.email, u.input.password)) });
      expect(first.status).toBe(200);
      expect(decodeClaims(first.body.accessToken).amr).toEqual(['pwd', 'otp', 'mfa']);
      const second = await s.api('POST', '/api/v1/auth/mfa/verify', { body: body(await challenge(s, u.input.email, u.input.password)) });
      expect(second.status).toBe(401);
      const unknown = await s.api('POST', '/api/v1/auth/mfa/verify', { body: { mfaToken: 'x'.repeat(43), code: '123456' } });
      expect(unknown.status).toBe(401);
      const invalid = await s.api('POST', '/api/v1/auth/mfa/verify', { body: { mfaToken: 'x'.repeat(43) } });
      expect(invalid.status).toBe(400);
    });

    it('asks for a recent authentication (403) before setting up, removing or renewing codes', async () => {
      const u = await userWithTotp(s);
      const stale = await staleToken(u.accessToken);
      for (const [method, path] of [
        ['POST', '/api/v1/users/me/mfa/totp'],
        ['DELETE', '/api/v1/users/me/mfa/totp'],
        ['POST', '/api/v1/users/me/mfa/recovery-codes'],
      ] as const) {
        const res = await s.api(method, path, { token: stale });
        expect(res.status, path).toBe(403);
        expect(res.body).toMatchObject({
          statusCode: 403,
          error: 'Forbidden',
          message: ERROR_CATALOGUE.REAUTHENTICATION_REQUIRED.message,
          code: 'REAUTHENTICATION_REQUIRED',
        });
      }
    });

    it('renews the recovery codes (the old ones stop working) and removes the app', async () => {
      const u = await userWithTotp(s);
      const renewed = await s.api('POST', '/api/v1/users/me/mfa/recovery-codes', { token: u.accessToken });
      expect(renewed.status).toBe(200);
      expect(renewed.body.recoveryCodes).toHaveLength(10);
      const old = await s.api('POST', '/api/v1/auth/mfa/verify', {
        body: { mfaToken: await challenge(s, u.input.email, u.input.password), recoveryCode: u.recoveryCodes[0] },
      });
      expect(old.status).toBe(401);

      const removed = await s.api('DELETE', '/api/v1/users/me/mfa/totp', { token: u.accessToken });
      expect(removed.status).toBe(204);
      const login = await loginAs(s, u.input.email, u.input.password);
      expect(login.accessToken).toEqual(expect.any(String));
      expect((await s.api('DELETE', '/api/v1/users/me/mfa/totp', { token: u.accessToken })).status).toBe(404);
    });
  });

  describe("an administrator's reset of a user's factors (DELETE /users/:id/mfa)", () => {
    const s = useServer(start);

    it('lets an administrator remove them (204): the password alone signs in again; others get 403', async () => {
      const u = await userWithTotp(s);
      const other = await userWithTotp(s);
      expect((await s.api('DELETE', `/api/v1/users/${u.id}/mfa`, { token: other.accessToken })).status).toBe(403);
      const { accessToken } = await loginAs(s, SUPER.email, SUPER.password);
      expect((await s.api('DELETE', `/api/v1/users/${u.id}/mfa`, { token: accessToken })).status).toBe(204);
      expect((await s.api('DELETE', '/api/v1/users/00000000-0000-4000-8000-000000000000/mfa', { token: accessToken })).status).toBe(404);
      const login = await loginAs(s, u.input.email, u.input.password);
      expect(login.accessToken).toEqual(expect.any(String));
    });
  });

  describe('administrators with ADMIN_REQUIRE_MFA (mfa.requireForAdmins)', () => {
    const s = useServer(start, { mfa: { requireForAdmins: true } });

    it('refuses an administrator signed in with the password alone (403), and admits one signed in with a code', async () => {
      const { accessToken } = await loginAs(s, SUPER.email, SUPER.password);
      const refused = await s.api('GET', '/api/v1/users', { token: accessToken });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        statusCode: 403,
        error: 'Forbidden',
        message: ERROR_CATALOGUE.MFA_REQUIRED.message,
        code: 'MFA_REQUIRED',
      });
      // Their own account's routes stay open, so they can set up the factor.
      const started = await s.api('POST', '/api/v1/users/me/mfa/totp', { token: accessToken });
      await s.api('POST', '/api/v1/users/me/mfa/totp/confirm', { token: accessToken, body: { code: totpNow(started.body.secret) } });

      const mfaToken = await challenge(s, SUPER.email, SUPER.password);
      const verified = await s.api('POST', '/api/v1/auth/mfa/verify', { body: { mfaToken, code: totpNow(started.body.secret, 1) } });
      const admitted = await s.api('GET', '/api/v1/users', { token: verified.body.accessToken });
      expect(admitted.status).toBe(200);
    });
  });
}
