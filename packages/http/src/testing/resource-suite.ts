import { describe, expect, it } from 'vitest';
import { SUITE_PROBES, type StartServer } from './server-under-test.js';
import { loginAs, registerUser, SUPER, useServer, type SuiteServer } from './suite-setup.js';

async function userWithRoles(s: SuiteServer, superToken: string, roles: string[]) {
  const { input, body } = await registerUser(s, roles.join('') || 'plain');
  if (roles.length > 0) {
    const res = await s.api('PUT', `/api/v1/users/${body.user.id}/roles`, { token: superToken, body: { roles } });
    if (res.status !== 200) throw new Error(`set roles failed: ${res.status} ${res.text}`);
  }
  return { id: body.user.id as string, ...(await loginAs(s, input.email, input.password)) };
}

export function resourceSuite(start: StartServer): void {
  describe('guarded routes and roles', () => {
    const s = useServer(start);
    let superToken = '';
    const root = async () => (superToken ||= (await loginAs(s, SUPER.email, SUPER.password)).accessToken);

    it('serves a route marked public to anyone, with or without a token', async () => {
      const res = await s.api('GET', SUITE_PROBES.public);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
      expect((await s.api('GET', SUITE_PROBES.public, { token: await root() })).body).toEqual({ status: 'ok' });
    });

    it('has the bootstrap super user, verified', async () => {
      const session = await loginAs(s, SUPER.email, SUPER.password);
      expect(session.user.roles).toContain('super');
      const me = await s.api('GET', '/api/v1/users/me', { token: session.accessToken });
      expect(me.body).toMatchObject({ email: SUPER.email, isActive: true });
    });

    it('GET /users/me needs a token and returns the user without secrets', async () => {
      expect((await s.api('GET', '/api/v1/users/me')).status).toBe(401);
      const { input, body } = await registerUser(s);
      const me = await s.api('GET', '/api/v1/users/me', { token: body.accessToken });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: body.user.id, email: input.email, username: input.username, roles: [], isActive: false });
      expect(me.text).not.toMatch(/passwordHash|argon2|"password"/);
    });

    it('GET /users admits admin and super only (403 for others)', async () => {
      const plain = await userWithRoles(s, await root(), []);
      const manager = await userWithRoles(s, await root(), ['manager']);
      const admin = await userWithRoles(s, await root(), ['admin']);
      expect((await s.api('GET', '/api/v1/users', { token: plain.accessToken })).status).toBe(403);
      const denied = await s.api('GET', '/api/v1/users', { token: manager.accessToken });
      expect(denied.status).toBe(403);
      expect(denied.body).toMatchObject({ statusCode: 403, error: 'Forbidden', code: 'INSUFFICIENT_ROLE' });
      const listed = await s.api('GET', '/api/v1/users', { token: admin.accessToken });
      expect(listed.status).toBe(200);
      expect(listed.body.users.map((u: { id: string }) => u.id)).toContain(plain.id);
      expect(listed.text).not.toContain('passwordHash');
      expect((await s.api('GET', '/api/v1/users', { token: await root() })).status).toBe(200);
    });

    it('a route requiring manager, admin or super admits any of them (OR), not a plain user', async () => {
      const plain = await userWithRoles(s, await root(), ['user']);
      const manager = await userWithRoles(s, await root(), ['manager']);
      const admin = await userWithRoles(s, await root(), ['admin']);
      expect((await s.api('GET', SUITE_PROBES.managers, { token: plain.accessToken })).status).toBe(403);
      for (const token of [manager.accessToken, admin.accessToken, await root()]) {
        const res = await s.api('GET', SUITE_PROBES.managers, { token });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ ok: true });
      }
      expect((await s.api('GET', SUITE_PROBES.managers)).status).toBe(401);
    });

    it('PUT /users/:id/roles: super grants admin; admin grants manager but not admin or super', async () => {
      const admin = await userWithRoles(s, await root(), ['admin']);
      const target = await userWithRoles(s, await root(), []);
      const path = `/api/v1/users/${target.id}/roles`;
      const granted = await s.api('PUT', path, { token: admin.accessToken, body: { roles: ['manager', 'user'] } });
      expect(granted.status).toBe(200);
      expect(granted.body.user.roles.sort()).toEqual(['manager', 'user']);
      for (const roles of [['admin'], ['super']]) {
        const res = await s.api('PUT', path, { token: admin.accessToken, body: { roles } });
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ statusCode: 403, error: 'Forbidden', code: 'ROLE_GRANT_FORBIDDEN' });
      }
      expect((await s.api('PUT', path, { token: await root(), body: { roles: ['admin'] } })).status).toBe(200);
    });

    it('PUT /users/:id/roles refuses plain users (403), unknown roles (400) and unknown ids (404)', async () => {
      const plain = await userWithRoles(s, await root(), []);
      const target = await userWithRoles(s, await root(), []);
      expect((await s.api('PUT', `/api/v1/users/${target.id}/roles`, { token: plain.accessToken, body: { roles: ['user'] } })).status).toBe(
        403,
      );
      const bad = await s.api('PUT', `/api/v1/users/${target.id}/roles`, { token: await root(), body: { roles: ['owner'] } });
      expect(bad.status).toBe(400);
      expect(bad.body.details[0].path).toMatch(/^roles/);
      const missing = await s.api('PUT', '/api/v1/users/00000000-0000-4000-8000-000000000000/roles', {
        token: await root(),
        body: { roles: ['user'] },
      });
      expect(missing.status).toBe(404);
    });

    it('a role change reaches the access token at the next refresh', async () => {
      const { body } = await registerUser(s);
      expect((await s.api('GET', SUITE_PROBES.managers, { token: body.accessToken })).status).toBe(403);
      await s.api('PUT', `/api/v1/users/${body.user.id}/roles`, { token: await root(), body: { roles: ['manager'] } });
      const refreshed = await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: body.refreshToken } });
      const verified = await s.api('POST', '/api/v1/auth/verify-token', { token: refreshed.body.accessToken });
      expect(verified.body.user.roles).toEqual(['manager']);
      expect((await s.api('GET', SUITE_PROBES.managers, { token: refreshed.body.accessToken })).status).toBe(200);
    });
  });
}
