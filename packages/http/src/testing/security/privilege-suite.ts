import { describe, expect, it } from 'vitest';
import { SUITE_PROBES, type StartServer } from '../server-under-test.js';
import { loginAs, registerUser, SUPER, useServer, type SuiteServer } from '../suite-setup.js';

/** A user granted `roles` by the bootstrap super user, logged in afterwards (its token carries them). */
async function granted(s: SuiteServer, rootToken: string, roles: string[]) {
  const { input, body } = await registerUser(s, 'priv');
  const res = await s.api('PUT', `/api/v1/users/${body.user.id}/roles`, { token: rootToken, body: { roles } });
  if (res.status !== 200) throw new Error(`set roles failed: ${res.status} ${res.text}`);
  return { id: body.user.id as string, ...(await loginAs(s, input.email, input.password)) };
}

export function privilegeSuite(start: StartServer): void {
  describe('threat: privileges kept by the token of a demoted administrator', () => {
    const s = useServer(start);

    it('a super demoted to no role cannot, with its old token, grant itself super, demote the root or list users', async () => {
      const root = await loginAs(s, SUPER.email, SUPER.password);
      const demoted = await granted(s, root.accessToken, ['super']);
      expect((await s.api('PUT', `/api/v1/users/${demoted.id}/roles`, { token: root.accessToken, body: { roles: [] } })).status).toBe(200);

      const regrant = await s.api('PUT', `/api/v1/users/${demoted.id}/roles`, { token: demoted.accessToken, body: { roles: ['super'] } });
      expect(regrant.status).toBe(403);
      expect(regrant.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      const demoteRoot = await s.api('PUT', `/api/v1/users/${root.user.id}/roles`, { token: demoted.accessToken, body: { roles: [] } });
      expect(demoteRoot.status).toBe(403);
      expect((await s.api('GET', '/api/v1/users', { token: demoted.accessToken })).status).toBe(403);
      expect((await s.api('GET', '/api/v1/users/me', { token: root.accessToken })).body.roles).toEqual(['super']);
    });
  });

  describe('threat: a role change that leaves no super administrator', () => {
    const s = useServer(start);

    it('refuses the last super removing its own role with 409, and allows it once another super exists', async () => {
      const root = await loginAs(s, SUPER.email, SUPER.password);
      const last = await s.api('PUT', `/api/v1/users/${root.user.id}/roles`, { token: root.accessToken, body: { roles: ['admin'] } });
      expect(last.status).toBe(409);
      expect(last.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
      expect((await s.api('GET', '/api/v1/users/me', { token: root.accessToken })).body.roles).toEqual(['super']);

      await granted(s, root.accessToken, ['super']);
      const handedOver = await s.api('PUT', `/api/v1/users/${root.user.id}/roles`, { token: root.accessToken, body: { roles: ['admin'] } });
      expect(handedOver.status).toBe(200);
      expect(handedOver.body.user.roles).toEqual(['admin']);
    });
  });

  describe('threat: a demoted user keeps its roles until its token expires (CHECK_TOKEN_VERSION=true)', () => {
    const s = useServer(start, { config: { checkTokenVersion: true } });

    it('refuses at once an access token that claims a role the user lost; a refresh gives a token with the current roles', async () => {
      const root = await loginAs(s, SUPER.email, SUPER.password);
      const manager = await granted(s, root.accessToken, ['manager']);
      expect((await s.api('GET', SUITE_PROBES.managers, { token: manager.accessToken })).status).toBe(200);
      expect((await s.api('PUT', `/api/v1/users/${manager.id}/roles`, { token: root.accessToken, body: { roles: [] } })).status).toBe(200);

      const stale = await s.api('GET', SUITE_PROBES.managers, { token: manager.accessToken });
      expect(stale.status).toBe(401);
      expect(stale.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      const next = await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: manager.refreshToken } });
      expect(next.status).toBe(200);
      expect((await s.api('GET', '/api/v1/users/me', { token: next.body.accessToken })).status).toBe(200);
      expect((await s.api('GET', SUITE_PROBES.managers, { token: next.body.accessToken })).status).toBe(403);
    });
  });
}
