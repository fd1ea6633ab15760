import type { Auth } from '@gatehousejs/core';
import type { FakeClock } from '@gatehousejs/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdapterApp, AdapterSuiteTarget } from './adapter-suite.js';
import { adapterClient, errorBody, suiteAuth } from './adapter-suite-client.js';

const APP_ROLES = ['super', 'admin', 'manager', 'user', 'editor'] as const;
const HIERARCHY = { super: ['admin'], admin: ['manager'], manager: ['user'] };
const PASSWORD = 'correct horse battery';

/**
 * The adapter's app built a second time, around an instance with roles of its own (`editor`) and
 * a hierarchy: the guards apply the role check of the instance that verified the token.
 */
export function describeOwnRoleCases(target: AdapterSuiteTarget, clock: FakeClock): void {
  describe('with roles of its own and a hierarchy', () => {
    let auth: Auth<string>;
    let app: AdapterApp;
    let superToken: string;
    const call = adapterClient(() => app);
    let count = 0;
    const signUp = async (): Promise<{ id: string; email: string }> => {
      count += 1;
      const email = `writer${count}@example.com`;
      const input = { firstName: 'W', lastName: 'W', username: `writer${count}`, email, password: PASSWORD };
      const { user } = await auth.register({ ...input, confirmPassword: PASSWORD });
      return { id: user.id, email };
    };
    const setRoles = (id: string, roles: string[]) =>
      call('PUT', `/api/v1/users/${id}/roles`, {
        token: superToken,
        body: JSON.stringify({ roles }),
        headers: [['content-type', 'application/json']],
      });
    const login = async (email: string) => (await auth.login({ email, password: PASSWORD })).accessToken;

    beforeAll(async () => {
      auth = suiteAuth(target.openStore(), clock, { roles: APP_ROLES, roleHierarchy: HIERARCHY });
      app = await target.createApp(auth);
      await auth.ensureSuperUser({ email: 'root@example.com', password: 'root passphrase here' });
      superToken = (await auth.login({ email: 'root@example.com', password: 'root passphrase here' })).accessToken;
    });
    afterAll(async () => {
      await app?.close?.();
    });

    it('sets a role the app defines through PUT /api/v1/users/:id/roles, and lists the users by it', async () => {
      const writer = await signUp();
      const put = await setRoles(writer.id, ['editor']);
      expect(put.status).toBe(200);
      expect((put.body as { user: { roles: string[] } }).user.roles).toEqual(['editor']);
      const listed = await call('GET', '/api/v1/users?role=editor', { token: superToken });
      expect((listed.body as { users: { id: string }[] }).users.map((u) => u.id)).toEqual([writer.id]);
    });

    it('refuses a role outside the configured set with 400', async () => {
      const writer = await signUp();
      expect((await setRoles(writer.id, ['publisher'])).status).toBe(400);
      expect((await call('GET', '/api/v1/users?role=publisher', { token: superToken })).status).toBe(400);
    });

    it('admits an admin to roles it implies (allRoles manager and user), and a bare editor to none', async () => {
      const admin = await signUp();
      expect((await setRoles(admin.id, ['admin'])).status).toBe(200);
      expect((await call('GET', '/probe/both', { token: await login(admin.email) })).status).toBe(200);
      const editor = await signUp();
      expect((await setRoles(editor.id, ['editor'])).status).toBe(200);
      const refused = await call('GET', '/probe/either', { token: await login(editor.email) });
      expect(refused.body).toEqual(errorBody(403, 'Forbidden', 'INSUFFICIENT_ROLE'));
    });
  });
}
