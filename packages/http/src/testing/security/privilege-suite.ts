import { describe, expect, it } from 'vitest';
import { SUITE_PROBES, type StartServer } from '../server-under-test.js';
import { loginAs, registerUser, SUPER, useServer, type SuiteServer } from '../suite-setup.js';

/** A user granted `roles` by the bootstrap super user, logged in afterwards (its token carries them). */
async function granted(s: SuiteServer, rootToken: string, roles: string[]) {
  const { input, body } = await registerUser(s, 'priv');
  const res = await s.api('PUT', `/api/v1/users/${body.user.id}/roles`, { token: rootToken, body: { roles } });
  if (res.status !== 200) throw new Error(`set roles failed: ${res.status} ${res.text}`);
  return { id: body.user.id as string, password: input.password, ...(await loginAs(s, input.email, input.password)) };
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

  describe('threat: two supers demoting each other at the same moment leave no super', () => {
    const s = useServer(start);

    it('of two parallel demotions between two supers exactly one succeeds; one super remains', async () => {
      let survivor: { accessToken: string; user: { id: string } } = await loginAs(s, SUPER.email, SUPER.password);
      for (let round = 0; round < 3; round += 1) {
        const other = await granted(s, survivor.accessToken, ['super']);
        const pair = [
          { actor: survivor, target: other.id },
          { actor: other, target: survivor.user.id },
        ];
        const answers = await Promise.all(
          pair.map(({ actor, target }) =>
            s.api('PUT', `/api/v1/users/${target}/roles`, { token: actor.accessToken, body: { roles: ['admin'] } }),
          ),
        );
        // The loser is refused by the store's atomic count (409 LAST_SUPER) if both passed the role
        // checks, or by its own demotion (403) if the winner's change landed first.
        expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
        const refused = answers.find((res) => res.status !== 200)!;
        expect([403, 409]).toContain(refused.status);
        expect(refused.body).toMatchObject({ statusCode: refused.status });
        // The demoted one's roles are read from the store, so it is refused; the winner still lists the supers.
        const winner = pair[answers.findIndex((res) => res.status === 200)]!.actor;
        const supers = await s.api('GET', '/api/v1/users?role=super', { token: winner.accessToken });
        expect(supers.status).toBe(200);
        expect(supers.body.users.map((user: { id: string }) => user.id)).toEqual([winner.user.id]);
        survivor = winner;
      }
    });
  });

  describe('threat: a user whose roles changed keeps its live tokens (CHECK_TOKEN_VERSION=true)', () => {
    const s = useServer(start, { config: { checkTokenVersion: true } });

    it("a role change ends the target's live access and refresh tokens at once; it signs in again with the current roles", async () => {
      const root = await loginAs(s, SUPER.email, SUPER.password);
      const manager = await granted(s, root.accessToken, ['manager']);
      expect((await s.api('GET', SUITE_PROBES.managers, { token: manager.accessToken })).status).toBe(200);
      expect((await s.api('PUT', `/api/v1/users/${manager.id}/roles`, { token: root.accessToken, body: { roles: [] } })).status).toBe(200);

      for (const path of [SUITE_PROBES.managers, '/api/v1/users/me']) {
        const stale = await s.api('GET', path, { token: manager.accessToken });
        expect(stale.status).toBe(401);
        expect(stale.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      }
      expect((await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: manager.refreshToken } })).status).toBe(401);
      // The actor's own tokens are untouched.
      expect((await s.api('GET', '/api/v1/users/me', { token: root.accessToken })).status).toBe(200);

      const again = await loginAs(s, manager.user.email, manager.password);
      expect(again.user.roles).toEqual([]);
      expect((await s.api('GET', '/api/v1/users/me', { token: again.accessToken })).status).toBe(200);
      expect((await s.api('GET', SUITE_PROBES.managers, { token: again.accessToken })).status).toBe(403);
    });

    it('a grant ends the live tokens too, so no session outlives the roles it was issued with', async () => {
      const root = await loginAs(s, SUPER.email, SUPER.password);
      const user = await granted(s, root.accessToken, []);
      expect((await s.api('PUT', `/api/v1/users/${user.id}/roles`, { token: root.accessToken, body: { roles: ['manager'] } })).status).toBe(
        200,
      );
      expect((await s.api('GET', '/api/v1/users/me', { token: user.accessToken })).status).toBe(401);
      const again = await loginAs(s, user.user.email, user.password);
      expect((await s.api('GET', SUITE_PROBES.managers, { token: again.accessToken })).status).toBe(200);
    });
  });
}
