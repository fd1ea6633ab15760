import { describe, expect, it } from 'vitest';
import { newUser } from './http-client.js';
import type { StartServer } from './server-under-test.js';
import { loginAs, mailTokenFor, registerUser, useServer, VERIFY_LINK } from './suite-setup.js';

const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function registrationSuite(start: StartServer): void {
  describe('registration and e-mail confirmation', () => {
    const s = useServer(start);

    it('registers an inactive user without roles and returns tokens at once (201)', async () => {
      const input = newUser();
      const res = await s.api('POST', '/api/v1/auth/register', { body: { ...input, email: `  ${input.email.toUpperCase()} ` } });
      expect(res.status).toBe(201);
      expect(res.body.user).toEqual({
        id: expect.stringMatching(UUID),
        firstName: 'Ada',
        lastName: 'Lovelace',
        username: input.username,
        email: input.email,
        isActive: false,
        roles: [],
      });
      expect(res.body.accessToken).toMatch(JWT);
      expect(res.body.refreshToken).toMatch(JWT);
      expect(typeof res.body.message).toBe('string');
      expect(res.text).not.toContain('password');
    });

    it('ignores roles, isActive and id in the register body (no mass assignment)', async () => {
      const input = newUser();
      const res = await s.api('POST', '/api/v1/auth/register', {
        body: { ...input, roles: ['super'], isActive: true, id: '00000000-0000-4000-8000-000000000000' },
      });
      expect(res.status).toBe(201);
      expect(res.body.user.roles).toEqual([]);
      expect(res.body.user.isActive).toBe(false);
      expect(res.body.user.id).not.toBe('00000000-0000-4000-8000-000000000000');
    });

    it('answers 409 Conflict for an e-mail that exists, compared case-insensitively', async () => {
      const { input } = await registerUser(s);
      const res = await s.api('POST', '/api/v1/auth/register', {
        body: { ...newUser(), email: input.email.toUpperCase() },
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ statusCode: 409, message: expect.stringMatching(/e-mail/i), error: 'Conflict', code: 'EMAIL_TAKEN' });
    });

    it('answers 409 Conflict for a username that exists, compared case-insensitively', async () => {
      const { input } = await registerUser(s);
      const res = await s.api('POST', '/api/v1/auth/register', {
        body: { ...newUser(), username: input.username.toUpperCase() },
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ statusCode: 409, message: expect.stringMatching(/username/i), error: 'Conflict', code: 'USERNAME_TAKEN' });
    });

    it('answers 400 with details for invalid fields', async () => {
      const res = await s.api('POST', '/api/v1/auth/register', {
        body: { ...newUser(), email: 'not-an-email', username: 'a', password: 'short', confirmPassword: 'short' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED' });
      const paths = res.body.details.map((d: { path: string }) => d.path);
      expect(paths).toEqual(expect.arrayContaining(['email', 'username', 'password']));
    });

    it('answers 400 when password and confirmPassword differ', async () => {
      const res = await s.api('POST', '/api/v1/auth/register', { body: { ...newUser(), confirmPassword: 'something else entirely' } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringMatching(/match/i),
        code: 'PASSWORD_MISMATCH',
      });
    });

    it('rejects a password over 128 characters with 400', async () => {
      const long = 'x'.repeat(129);
      const res = await s.api('POST', '/api/v1/auth/register', { body: { ...newUser(), password: long, confirmPassword: long } });
      expect(res.status).toBe(400);
    });

    it('counts a password in characters after NFKC and lets it sign in as typed on another keyboard', async () => {
      // Eight emoji are 16 UTF-16 units but 8 characters; every other code point, so no sequence.
      const emoji = Array.from({ length: 8 }, (_, i) => String.fromCodePoint(0x1f400 + 2 * i)).join('');
      const input = { ...newUser(), password: emoji, confirmPassword: emoji };
      expect((await s.api('POST', '/api/v1/auth/register', { body: input })).status).toBe(201);
      // Full-width letters (a CJK keyboard) are the same password after NFKC.
      const wide = {
        ...newUser(),
        password: 'ｃｏｒｒｅｃｔ ｈｏｒｓｅ ｂａｔｔｅｒｙ',
        confirmPassword: 'ｃｏｒｒｅｃｔ ｈｏｒｓｅ ｂａｔｔｅｒｙ',
      };
      expect((await s.api('POST', '/api/v1/auth/register', { body: wide })).status).toBe(201);
      const login = await s.api('POST', '/api/v1/auth/login', { body: { email: wide.email, password: 'correct horse battery' } });
      expect(login.status).toBe(200);
    });

    it('mails a confirmation link that activates the account once', async () => {
      const { input, body } = await registerUser(s);
      const token = await mailTokenFor(s, input.email, VERIFY_LINK);

      const first = await s.api('GET', `/api/v1/auth/verify-email?token=${encodeURIComponent(token)}`);
      expect(first.status).toBe(200);
      expect(typeof first.body.message).toBe('string');

      const me = await s.api('GET', '/api/v1/users/me', { token: body.accessToken });
      expect(me.body.isActive).toBe(true);

      const again = await s.api('GET', `/api/v1/auth/verify-email?token=${encodeURIComponent(token)}`);
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'ONE_TIME_TOKEN_INVALID' });
    });

    it('answers 400 for an unknown or missing verification token', async () => {
      expect((await s.api('GET', '/api/v1/auth/verify-email?token=not-a-real-token')).status).toBe(400);
      expect((await s.api('GET', '/api/v1/auth/verify-email')).status).toBe(400);
    });

    it('lets an unverified user log in by default', async () => {
      const { input } = await registerUser(s);
      const session = await loginAs(s, input.email, input.password);
      expect(session.user.email).toBe(input.email);
    });
  });

  describe('with requireEmailVerification: true', () => {
    const s = useServer(start, { config: { requireEmailVerification: true } });

    it('answers 403 to an unverified login with the right password, 401 with a wrong one, 200 after confirming', async () => {
      const { input } = await registerUser(s);
      const blocked = await s.api('POST', '/api/v1/auth/login', { body: { email: input.email, password: input.password } });
      expect(blocked.status).toBe(403);
      expect(blocked.body).toMatchObject({ statusCode: 403, error: 'Forbidden', code: 'EMAIL_NOT_VERIFIED' });

      const wrong = await s.api('POST', '/api/v1/auth/login', { body: { email: input.email, password: 'wrong password!' } });
      expect(wrong.status).toBe(401);

      const token = await mailTokenFor(s, input.email, VERIFY_LINK);
      expect((await s.api('GET', `/api/v1/auth/verify-email?token=${token}`)).status).toBe(200);
      expect((await s.api('POST', '/api/v1/auth/login', { body: { email: input.email, password: input.password } })).status).toBe(200);
    });

    it('answers 403 to the tokens registration returned until the address is confirmed, then a refresh gives working ones', async () => {
      const { input, body } = await registerUser(s);
      const { accessToken, refreshToken } = body as { accessToken: string; refreshToken: string };
      const me = (token: string) => s.api('GET', '/api/v1/users/me', { headers: { authorization: `Bearer ${token}` } });

      const blocked = await me(accessToken);
      expect(blocked.status).toBe(403);
      expect(blocked.body).toEqual({
        statusCode: 403,
        message: expect.stringMatching(/confirm/i),
        error: 'Forbidden',
        code: 'EMAIL_NOT_VERIFIED',
      });
      expect((await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken } })).status).toBe(403);

      const token = await mailTokenFor(s, input.email, VERIFY_LINK);
      expect((await s.api('GET', `/api/v1/auth/verify-email?token=${token}`)).status).toBe(200);
      const refreshed = await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken } });
      expect(refreshed.status).toBe(200);
      const fresh = await me((refreshed.body as { accessToken: string }).accessToken);
      expect(fresh.status).toBe(200);
      expect(fresh.body).toMatchObject({ email: input.email, isActive: true });
    });
  });
}
