import { describe, expect, it } from 'vitest';
import { decodeClaims, withOldAuthTime } from './forge-token.js';
import { SUITE_SECRETS, type StartServer } from './server-under-test.js';
import { loginAs, registerUser, SUPER, useServer, type SuiteServer } from './suite-setup.js';

const NEW_PASSWORD = 'a brand new passphrase';
const UNAUTHORIZED = { statusCode: 401, message: expect.any(String), error: 'Unauthorized', code: 'TOKEN_MISSING' };

/** A registered user signed in twice: two sessions ("laptop" and "phone") of one account. */
async function userOnTwoDevices(s: SuiteServer) {
  const { input, body } = await registerUser(s, 'acct');
  const laptop = await loginAs(s, input.email, input.password);
  const phone = await loginAs(s, input.email, input.password);
  return { id: body.user.id as string, input, laptop, phone };
}

/**
 * The account-security routes of CONTRACT §9 over HTTP: re-authentication, password change,
 * sessions per device, account deletion and disable, with the statuses and bodies every adapter
 * must answer.
 */
export function accountSuite(start: StartServer): void {
  describe('account security routes', () => {
    const s = useServer(start);

    it('POST /auth/reauthenticate answers a fresh access token of the same session; a wrong password is 401', async () => {
      const { input, laptop } = await userOnTwoDevices(s);
      const wrong = await s.api('POST', '/api/v1/auth/reauthenticate', { token: laptop.accessToken, body: { password: 'not it at all' } });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: 'INVALID_CREDENTIALS' });
      const res = await s.api('POST', '/api/v1/auth/reauthenticate', { token: laptop.accessToken, body: { password: input.password } });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['accessToken']);
      const claims = decodeClaims(res.body.accessToken);
      expect(claims.sid).toBe(decodeClaims(laptop.accessToken).sid);
      expect(claims.amr).toEqual(['pwd']);
      expect(claims.auth_time).toBeGreaterThanOrEqual(decodeClaims(laptop.accessToken).auth_time);
      expect((await s.api('POST', '/api/v1/auth/reauthenticate', { body: { password: input.password } })).body).toEqual(UNAUTHORIZED);
    });

    it('PUT /users/me/password changes it, ends the other session at once and keeps the caller’s', async () => {
      const { input, laptop, phone } = await userOnTwoDevices(s);
      const body = { currentPassword: input.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
      const res = await s.api('PUT', '/api/v1/users/me/password', { token: laptop.accessToken, body });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Your password has been changed. Your other devices have been signed out.' });
      expect((await s.api('GET', '/api/v1/users/me', { token: phone.accessToken })).status).toBe(401);
      expect((await s.api('GET', '/api/v1/users/me', { token: laptop.accessToken })).status).toBe(200);
      expect((await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: phone.refreshToken } })).status).toBe(401);
      await loginAs(s, input.email, NEW_PASSWORD);
      const notice = await s.server.waitForMail((m) => m.to.includes(input.email) && m.subject === 'Your password was changed');
      expect(notice.text).not.toContain(NEW_PASSWORD);
    });

    it('PUT /users/me/password refuses a wrong current password (401) and a mismatch (400)', async () => {
      const { input, laptop } = await userOnTwoDevices(s);
      const wrong = await s.api('PUT', '/api/v1/users/me/password', {
        token: laptop.accessToken,
        body: { currentPassword: 'not my password', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });
      expect(wrong.status).toBe(401);
      const mismatch = await s.api('PUT', '/api/v1/users/me/password', {
        token: laptop.accessToken,
        body: { currentPassword: input.password, password: NEW_PASSWORD, confirmPassword: 'something else entirely' },
      });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body).toMatchObject({ statusCode: 400, message: 'Password and confirmPassword do not match.', error: 'Bad Request' });
    });

    it('GET /users/me/sessions lists the caller’s sessions, its own marked current, addresses masked', async () => {
      const { laptop, phone } = await userOnTwoDevices(s);
      const res = await s.api('GET', '/api/v1/users/me/sessions', { token: laptop.accessToken });
      expect(res.status).toBe(200);
      const sessions = res.body.sessions as Array<Record<string, unknown>>;
      expect(sessions).toHaveLength(3); // registration, laptop, phone
      expect(sessions.find((x) => x.current)).toMatchObject({ id: decodeClaims(laptop.accessToken).sid });
      expect(sessions.map((x) => x.id)).toContain(decodeClaims(phone.accessToken).sid);
      for (const session of sessions) {
        expect(Object.keys(session).sort()).toEqual(['createdAt', 'current', 'expiresAt', 'id', 'ipAddress', 'lastUsedAt', 'userAgent']);
        expect(session.ipAddress === null || String(session.ipAddress).endsWith('*')).toBe(true);
      }
    });

    it('DELETE /users/me/sessions/:id ends that session (204); anyone else’s is 404', async () => {
      const { laptop, phone } = await userOnTwoDevices(s);
      const stranger = await userOnTwoDevices(s);
      const phoneSid = decodeClaims(phone.accessToken).sid as string;
      const foreign = await s.api('DELETE', `/api/v1/users/me/sessions/${phoneSid}`, { token: stranger.laptop.accessToken });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({
        statusCode: 404,
        message: 'You have no active session with this id.',
        error: 'Not Found',
        code: 'SESSION_NOT_FOUND',
      });
      expect((await s.api('GET', '/api/v1/users/me', { token: phone.accessToken })).status).toBe(200);

      expect((await s.api('DELETE', `/api/v1/users/me/sessions/${phoneSid}`, { token: laptop.accessToken })).status).toBe(204);
      expect((await s.api('GET', '/api/v1/users/me', { token: phone.accessToken })).status).toBe(401);
      expect((await s.api('DELETE', `/api/v1/users/me/sessions/${phoneSid}`, { token: laptop.accessToken })).status).toBe(404);
    });

    it('DELETE /users/me/sessions ends every session but the caller’s', async () => {
      const { laptop, phone } = await userOnTwoDevices(s);
      expect((await s.api('DELETE', '/api/v1/users/me/sessions', { token: laptop.accessToken })).status).toBe(204);
      expect((await s.api('GET', '/api/v1/users/me', { token: phone.accessToken })).status).toBe(401);
      const left = await s.api('GET', '/api/v1/users/me/sessions', { token: laptop.accessToken });
      expect(left.body.sessions.map((x: { id: string }) => x.id)).toEqual([decodeClaims(laptop.accessToken).sid]);
    });

    it('DELETE /users/me needs a recent authentication (403 REAUTHENTICATION_REQUIRED), then deletes the account (204)', async () => {
      const { input, laptop, phone } = await userOnTwoDevices(s);
      const stale = await withOldAuthTime(SUITE_SECRETS.JWT_SECRET, laptop.accessToken, 3600);
      const refused = await s.api('DELETE', '/api/v1/users/me', { token: stale, body: { password: input.password } });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ statusCode: 403, error: 'Forbidden', code: 'REAUTHENTICATION_REQUIRED' });
      expect(refused.body.message).toContain('reauthenticate');

      expect((await s.api('DELETE', '/api/v1/users/me', { token: laptop.accessToken, body: { password: input.password } })).status).toBe(
        204,
      );
      for (const token of [laptop.accessToken, phone.accessToken])
        expect((await s.api('GET', '/api/v1/users/me', { token })).status).toBe(401);
      const login = await s.api('POST', '/api/v1/auth/login', { body: { email: input.email, password: input.password } });
      expect(login.status).toBe(401);
      expect((await s.api('POST', '/api/v1/auth/register', { body: input })).status).toBe(201);
    });

    it('PUT /users/:id/status disables (then enables) an account; an admin cannot disable a super', async () => {
      const root = await loginAs(s, SUPER.email, SUPER.password);
      const { id, input, laptop } = await userOnTwoDevices(s);
      const res = await s.api('PUT', `/api/v1/users/${id}/status`, { token: root.accessToken, body: { disabled: true } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        message: 'The account is disabled and signed out everywhere.',
        user: { id, disabledAt: expect.any(String) },
      });
      expect((await s.api('GET', '/api/v1/users/me', { token: laptop.accessToken })).status).toBe(401);
      const login = await s.api('POST', '/api/v1/auth/login', { body: { email: input.email, password: input.password } });
      expect(login.status).toBe(403);
      expect(login.body).toMatchObject({ message: 'This account is disabled. Please contact an administrator.', code: 'ACCOUNT_DISABLED' });
      const bad = await s.api('PUT', `/api/v1/users/${id}/status`, { token: root.accessToken, body: { disabled: 'yes' } });
      expect(bad.status).toBe(400);

      const enabled = await s.api('PUT', `/api/v1/users/${id}/status`, { token: root.accessToken, body: { disabled: false } });
      expect(enabled.body).toMatchObject({ message: 'The account is enabled.', user: { id, disabledAt: null } });

      // An admin acts on plain users only: not on a super.
      const other = await userOnTwoDevices(s);
      await s.api('PUT', `/api/v1/users/${other.id}/roles`, { token: root.accessToken, body: { roles: ['admin'] } });
      const admin = await loginAs(s, other.input.email, other.input.password);
      const onSuper = await s.api('PUT', `/api/v1/users/${root.user.id}/status`, { token: admin.accessToken, body: { disabled: true } });
      expect(onSuper.status).toBe(403);
      const revokeSuper = await s.api('DELETE', `/api/v1/users/${root.user.id}/sessions`, { token: admin.accessToken });
      expect(revokeSuper.status).toBe(403);
      expect((await s.api('GET', '/api/v1/users/me', { token: root.accessToken })).status).toBe(200);
    });
  });
}
