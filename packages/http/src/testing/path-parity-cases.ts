import { describe, expect, it } from 'vitest';
import { expectError, MALFORMED_PATH, NOT_FOUND } from './parity-answers.js';
import { rawRequest } from './raw-request.js';
import { SUITE_PROBES } from './server-under-test.js';
import { itOverSocket, type SuiteServer } from './suite-setup.js';

/** The app's route marked public (see SUITE_PROBES). */
const PUBLIC = SUITE_PROBES.public;

/**
 * Request paths, where frameworks differ most: bad escapes, escaped unreserved characters, dot
 * segments, targets that name no path, exact matching. `account` signs one user in, once.
 */
export function describePathParity(s: SuiteServer, account: () => Promise<{ token: string; email: string; password: string }>): void {
  describe('request paths', () => {
    it('answers 400 to a path that is not validly percent-encoded, before authentication, on routes and elsewhere', async () => {
      const { token: t } = await account();
      for (const [method, path] of [
        ['PUT', '/api/v1/users/%ZZ/roles'],
        ['PUT', '/api/v1/users/%E0%A4%A/roles'],
        ['PUT', '/api/v1/users/%FF/roles'],
        ['GET', '/api/v1/users/%ZZ/roles'],
        ['POST', '/api/v1/auth/login%ZZ'],
        ['GET', '/api/v1/no-such-route/%'],
        ['GET', '/%ZZ'],
      ] as const) {
        const body = method === 'GET' ? undefined : { roles: ['user'] };
        for (const token of [undefined, t]) {
          const res = await s.api(method, path, { body, ...(token ? { token } : {}) });
          expectError(res, MALFORMED_PATH);
          expect(res.headers.get('www-authenticate'), `${method} ${path}`).toBeNull();
        }
      }
    });

    it('still routes a path whose escapes are valid, and leaves the query string to the route', async () => {
      const { token: t } = await account();
      // A valid escape in a parameter reaches the route: the guard answers, not the path check.
      const forbidden = await s.api('PUT', '/api/v1/users/no%20such%20user/roles', { token: t, body: { roles: ['user'] } });
      expectError(forbidden, { statusCode: 403, error: 'Forbidden', code: 'INSUFFICIENT_ROLE' });
      const badQuery = await s.api('GET', '/api/v1/auth/verify-email?token=%ZZ');
      expectError(badQuery, { statusCode: 400, error: 'Bad Request', code: 'ONE_TIME_TOKEN_INVALID' });
      expect(badQuery.body.message).not.toBe(MALFORMED_PATH.message);
    });

    it('routes an escaped unreserved character as the character itself (RFC 3986 §6.2.2.2), guard included', async () => {
      const { token: t, email } = await account();
      const health = await s.api('GET', '/api/v1/probe/%70ublic');
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ status: 'ok' });
      // The same protected route under another spelling: still guarded, still the same answer.
      expectError(await s.api('GET', '/api/v1/users/%6De'), { statusCode: 401, error: 'Unauthorized', code: 'TOKEN_MISSING' });
      const me = await s.api('GET', '/api/v1/users/%6D%65', { token: t });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email });
      // A reserved character stays escaped: `%2F` is not a path separator.
      expectError(await s.api('GET', '/api/v1/users%2Fme', { token: t }), NOT_FOUND);
    });

    itOverSocket(s, 'resolves dot segments as the URL standard does, escaped or not, the guard still in front', async (baseUrl) => {
      const { token: t } = await account();
      // Sent byte for byte: fetch would resolve them before sending.
      const get = (path: string, token?: string) => rawRequest(baseUrl, 'GET', path, token ? [['Authorization', `Bearer ${token}`]] : []);
      for (const path of [
        '/api/v1/probe/x/../public',
        '/api/v1/probe/./public',
        '/api/v1/%2e%2e/v1/probe/public',
        '/api/v1/probe/x/%2E%2E/public',
      ]) {
        const res = await get(path);
        expect(res.status, path).toBe(200);
        expect(JSON.parse(res.text)).toEqual({ status: 'ok' });
      }
      expect((await get('/api/v1/x/../users/me')).status).toBe(401);
      expect((await get('/api/v1/x/../users/me', t)).status).toBe(200);
      const outside = await get('/api/v1/../../../etc/passwd');
      expect(outside.status).toBe(404);
      expect(JSON.parse(outside.text)).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'ROUTE_NOT_FOUND' });
    });

    itOverSocket(
      s,
      'answers a target that names no path (`*`, a backslash before the query) with the contract 400, on any method',
      async (baseUrl) => {
        const { token: t } = await account();
        for (const [method, path] of [
          ['GET', '*'],
          ['OPTIONS', '*'],
          ['GET', '/api/v1\\users\\me'],
          ['GET', '/api/v1/probe\\public'],
          ['POST', '/api/v1/auth\\login'],
        ] as const) {
          const res = await rawRequest(baseUrl, method, path, [['Authorization', `Bearer ${t}`]]);
          expect(res.status, `${method} ${path}`).toBe(400);
          expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
          expect(JSON.parse(res.text)).toEqual({
            statusCode: 400,
            message: 'The request target must be a path such as /api/v1/health.',
            error: 'Bad Request',
            code: 'REQUEST_TARGET_INVALID',
          });
        }
        // A backslash in the query is data, not a path.
        const query = await rawRequest(baseUrl, 'GET', '/api/v1/probe/public?x=a\\b', []);
        expect(query.status).toBe(200);
      },
    );

    it('matches paths exactly: a trailing slash or another letter case is the JSON 404, with or without a token', async () => {
      const { token: t, email, password } = await account();
      const credentials = { email, password };
      for (const [method, path, body] of [
        ['POST', '/api/v1/auth/login/', credentials],
        ['POST', '/API/V1/AUTH/LOGIN', credentials],
        ['POST', '/api/v1/Auth/login', credentials],
        ['GET', `${PUBLIC}/`, undefined],
        ['GET', PUBLIC.toUpperCase(), undefined],
        ['GET', '/api/v1/users/me/', undefined],
        ['GET', '/api/v1/users/', undefined],
        ['DELETE', '/api/v1/users/me/sessions/', undefined],
        ['GET', '/api/v1/USERS/me', undefined],
      ] as const) {
        for (const token of [undefined, t]) {
          const res = await s.api(method, path, { body, ...(token ? { token } : {}) });
          expectError(res, NOT_FOUND);
          expect(res.headers.get('www-authenticate'), `${method} ${path}`).toBeNull();
        }
      }
      // The exact paths, for contrast.
      expect((await s.api('POST', '/api/v1/auth/login', { body: credentials })).status).toBe(200);
      expect((await s.api('GET', PUBLIC)).status).toBe(200);
    });
  });
}
