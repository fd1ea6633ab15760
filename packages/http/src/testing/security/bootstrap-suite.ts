import { describe, expect, it } from 'vitest';
import { newUser } from '../http-client.js';
import type { HttpSuiteTarget } from '../server-under-test.js';
import { loginAs, useSharedInstances } from '../suite-setup.js';

const BOSS = Object.freeze({ email: 'boss@x.test', password: 'operator chosen passphrase' });

/** Several instances on one store: a "restart" is a new instance with other bootstrap settings. */
export function bootstrapSuite(target: HttpSuiteTarget): void {
  describe('threat: account takeover through the bootstrap super user', () => {
    const instances = useSharedInstances(target);

    it('a refresh token of the account registered before the operator bootstraps its address does not become a super session', async () => {
      const before = await instances.start();
      const squatter = { ...newUser('squatter'), email: BOSS.email };
      const registered = await before.api('POST', '/api/v1/auth/register', { body: squatter });
      expect(registered.status).toBe(201);

      const after = await instances.start({ bootstrap: BOSS });
      const refreshed = await after.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: registered.body.refreshToken } });
      expect(refreshed.status).toBe(401);
      expect(refreshed.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      expect((await after.api('POST', '/api/v1/auth/login', { body: { email: BOSS.email, password: squatter.password } })).status).toBe(
        401,
      );
      expect((await loginAs(after, BOSS.email, BOSS.password)).user.roles).toContain('super');
    });

    it('refuses to bootstrap a super user with a guessable password', async () => {
      await expect(instances.start({ bootstrap: { email: 'weak@x.test', password: 'password' } })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    });

    it('three instances starting at once with the same bootstrap settings all start, with one super account', async () => {
      const operator = { email: 'ops@x.test', password: 'three instances passphrase' };
      const started = await Promise.all([1, 2, 3].map(() => instances.start({ bootstrap: operator })));
      const sessions = await Promise.all(started.map((s) => loginAs(s, operator.email, operator.password)));
      expect(new Set(sessions.map((session) => session.user.id)).size).toBe(1);
      expect(sessions.every((session) => session.user.roles.includes('super'))).toBe(true);
    });
  });
}
