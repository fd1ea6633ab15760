import { describe, expect, it } from 'vitest';
import type { StartServer } from './server-under-test.js';
import { loginAs, registerUser, SUPER, useServer, type SuiteServer } from './suite-setup.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const NOT_FOUND = { statusCode: 404, message: 'No user has this id.', error: 'Not Found', code: 'USER_NOT_FOUND' };
const FORBIDDEN = { statusCode: 403, message: expect.any(String), error: 'Forbidden', code: 'INSUFFICIENT_ROLE' };
const UNAUTHORIZED = { statusCode: 401, message: expect.any(String), error: 'Unauthorized', code: 'TOKEN_MISSING' };

/** A registered user holding `roles` (set by the bootstrap super), signed in again so the token carries them. */
async function userWithRoles(s: SuiteServer, superToken: string, roles: string[]) {
  const { input, body } = await registerUser(s, roles.join('') || 'plain');
  if (roles.length > 0) {
    const res = await s.api('PUT', `/api/v1/users/${body.user.id}/roles`, { token: superToken, body: { roles } });
    if (res.status !== 200) throw new Error(`set roles failed: ${res.status} ${res.text}`);
  }
  return { id: body.user.id as string, input, ...(await loginAs(s, input.email, input.password)) };
}

/**
 * The library's user routes of CONTRACT §8 (`USER_ROUTES`, mounted by each adapter with one call):
 * who may call each, what it answers, and that revoking sessions really ends them.
 */
export function userRoutesSuite(start: StartServer): void {
  describe('user routes', () => {
    const s = useServer(start);
    let superToken = '';
    const root = async () => (superToken ||= (await loginAs(s, SUPER.email, SUPER.password)).accessToken);

    describe('GET /api/v1/users', () => {
      it('answers { users, limit, offset } with the default page, users without secrets', async () => {
        const plain = await userWithRoles(s, await root(), []);
        const res = await s.api('GET', '/api/v1/users', { token: await root() });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ users: expect.any(Array), limit: 100, offset: 0 });
        expect(res.body.users).toContainEqual(
          expect.objectContaining({ id: plain.id, email: plain.input.email, roles: [], isActive: false }),
        );
        expect(res.text).not.toMatch(/passwordHash|argon2|tokenVersion/);
      });

      it('pages with limit and offset: a page is the matching slice of the whole list', async () => {
        await userWithRoles(s, await root(), []);
        await userWithRoles(s, await root(), []);
        const all = await s.api('GET', '/api/v1/users?limit=500', { token: await root() });
        const ids = all.body.users.map((u: { id: string }) => u.id);
        expect(ids.length).toBeGreaterThanOrEqual(3);
        const page = await s.api('GET', '/api/v1/users?limit=2&offset=1', { token: await root() });
        expect(page.status).toBe(200);
        expect(page.body).toMatchObject({ limit: 2, offset: 1 });
        expect(page.body.users.map((u: { id: string }) => u.id)).toEqual(ids.slice(1, 3));
        const past = await s.api('GET', `/api/v1/users?offset=${ids.length}`, { token: await root() });
        expect(past.body.users).toEqual([]);
      });

      it('keeps only the holders of ?role=', async () => {
        const managers = [await userWithRoles(s, await root(), ['manager']), await userWithRoles(s, await root(), ['manager', 'user'])];
        const plain = await userWithRoles(s, await root(), ['user']);
        const res = await s.api('GET', '/api/v1/users?role=manager', { token: await root() });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ role: 'manager', limit: 100, offset: 0 });
        const ids = res.body.users.map((u: { id: string }) => u.id);
        for (const manager of managers) expect(ids).toContain(manager.id);
        expect(ids).not.toContain(plain.id);
        expect(res.body.users.every((u: { roles: string[] }) => u.roles.includes('manager'))).toBe(true);
      });

      it('answers 400 naming the parameter for a bad limit, offset or role', async () => {
        for (const [query, path] of [
          ['limit=0', 'limit'],
          ['limit=501', 'limit'],
          ['limit=abc', 'limit'],
          ['offset=-1', 'offset'],
          ['role=owner', 'role'],
          ['role=admin&role=super', 'role'],
        ] as const) {
          const res = await s.api('GET', `/api/v1/users?${query}`, { token: await root() });
          expect(res.status, query).toBe(400);
          expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED' });
          expect(
            res.body.details.map((d: { path: string }) => d.path),
            query,
          ).toEqual([path]);
        }
      });

      it('admits admin and super only: 403 for a plain user and a manager, 401 without a token', async () => {
        const admin = await userWithRoles(s, await root(), ['admin']);
        expect((await s.api('GET', '/api/v1/users', { token: admin.accessToken })).status).toBe(200);
        for (const roles of [[], ['user'], ['manager']]) {
          const caller = await userWithRoles(s, await root(), roles);
          expect((await s.api('GET', '/api/v1/users', { token: caller.accessToken })).body, roles.join() || 'no role').toEqual(FORBIDDEN);
        }
        const anonymous = await s.api('GET', '/api/v1/users');
        expect(anonymous.body).toEqual(UNAUTHORIZED);
        expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
      });
    });

    describe('GET /api/v1/users/:id', () => {
      it('answers the user without secrets to an admin and to a super', async () => {
        const admin = await userWithRoles(s, await root(), ['admin']);
        const target = await userWithRoles(s, await root(), ['user']);
        for (const token of [admin.accessToken, await root()]) {
          const res = await s.api('GET', `/api/v1/users/${target.id}`, { token });
          expect(res.status).toBe(200);
          expect(res.body).toMatchObject({ id: target.id, email: target.input.email, username: target.input.username, roles: ['user'] });
          expect(Object.keys(res.body).sort()).toEqual([
            'createdAt',
            'email',
            'emailVerifiedAt',
            'firstName',
            'id',
            'isActive',
            'lastLoginAt',
            'lastName',
            'passwordChangedAt',
            'roles',
            'updatedAt',
            'username',
          ]);
        }
      });

      it('answers 404 in the error body for an unknown id and for one that cannot be an id', async () => {
        for (const id of [UNKNOWN_ID, 'no%20such%20user', 'x'.repeat(200), '%27%20OR%20%271%27%3D%271']) {
          const res = await s.api('GET', `/api/v1/users/${id}`, { token: await root() });
          expect(res.status, id).toBe(404);
          expect(res.body).toEqual(NOT_FOUND);
        }
      });

      it('refuses a plain user, even asking for itself (403), and a caller without a token (401)', async () => {
        const plain = await userWithRoles(s, await root(), []);
        expect((await s.api('GET', `/api/v1/users/${plain.id}`, { token: plain.accessToken })).body).toEqual(FORBIDDEN);
        expect((await s.api('GET', `/api/v1/users/${UNKNOWN_ID}`, { token: plain.accessToken })).status).toBe(403);
        expect((await s.api('GET', `/api/v1/users/${plain.id}`)).body).toEqual(UNAUTHORIZED);
      });
    });

    describe('PUT /api/v1/users/:id/roles', () => {
      it('answers { message, user } with the new roles', async () => {
        const target = await userWithRoles(s, await root(), []);
        const res = await s.api('PUT', `/api/v1/users/${target.id}/roles`, { token: await root(), body: { roles: ['manager'] } });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ message: expect.any(String), user: expect.objectContaining({ id: target.id, roles: ['manager'] }) });
        expect(res.text).not.toContain('passwordHash');
      });

      it('answers 401 without a token and 404 in the error body for an unknown id', async () => {
        const target = await userWithRoles(s, await root(), []);
        expect((await s.api('PUT', `/api/v1/users/${target.id}/roles`, { body: { roles: ['admin'] } })).body).toEqual(UNAUTHORIZED);
        const missing = await s.api('PUT', `/api/v1/users/${UNKNOWN_ID}/roles`, { token: await root(), body: { roles: ['user'] } });
        expect(missing.body).toEqual(NOT_FOUND);
      });
    });

    describe('DELETE /api/v1/users/:id/sessions', () => {
      it('answers 204 and ends every refresh token of that user, and only of that user', async () => {
        const admin = await userWithRoles(s, await root(), ['admin']);
        const { input, body } = await registerUser(s, 'revoked');
        const second = await loginAs(s, input.email, input.password);
        const bystander = await registerUser(s, 'bystander');
        const res = await s.api('DELETE', `/api/v1/users/${body.user.id}/sessions`, { token: admin.accessToken });
        expect(res.status).toBe(204);
        expect(res.text).toBe('');
        for (const refreshToken of [body.refreshToken, second.refreshToken]) {
          const refused = await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken } });
          expect(refused.status).toBe(401);
          expect(refused.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: 'REFRESH_TOKEN_REUSED' });
        }
        expect((await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: bystander.body.refreshToken } })).status).toBe(
          200,
        );
        // Signing in again starts a new session.
        const fresh = await loginAs(s, input.email, input.password);
        expect((await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: fresh.refreshToken } })).status).toBe(200);
      });

      it('refuses a plain user and a manager (403) and a caller without a token (401), ending nothing', async () => {
        const { body } = await registerUser(s, 'kept');
        for (const roles of [[], ['manager']]) {
          const caller = await userWithRoles(s, await root(), roles);
          expect((await s.api('DELETE', `/api/v1/users/${body.user.id}/sessions`, { token: caller.accessToken })).body).toEqual(FORBIDDEN);
        }
        expect((await s.api('DELETE', `/api/v1/users/${body.user.id}/sessions`)).body).toEqual(UNAUTHORIZED);
        expect((await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: body.refreshToken } })).status).toBe(200);
      });

      it('answers 404 in the error body for an unknown id', async () => {
        const res = await s.api('DELETE', `/api/v1/users/${UNKNOWN_ID}/sessions`, { token: await root() });
        expect(res.body).toEqual(NOT_FOUND);
        expect(res.status).toBe(404);
      });
    });
  });
}
