import { describe, expect, it } from 'vitest';
import { expectError, JSON_TYPE, MALFORMED_AUTHORIZATION, NOT_FOUND, NOT_UTF_8 } from './parity-answers.js';
import { describePathParity } from './path-parity-cases.js';
import { rawRequest } from './raw-request.js';
import { SUITE_PROBES, type StartServer } from './server-under-test.js';
import { itOverSocket, loginAs, registerUser, SUPER, useServer, type SuiteServer } from './suite-setup.js';

/** The app's route marked public, and the one for managers (see SUITE_PROBES). */
const PUBLIC = SUITE_PROBES.public;
const MANAGERS = SUITE_PROBES.managers;

/**
 * The edges where two frameworks most easily drift apart. Each case states the one behaviour every
 * adapter must show (the decisions are written up in docs/express.md and docs/hono.md); the suite
 * runs on each adapter, so a difference between them fails here.
 */
export function paritySuite(start: StartServer): void {
  describe('adapter parity on the edges', () => {
    const s = useServer(start);
    let token = '';
    let email = '';
    let password = '';
    const session = async (server: SuiteServer) => {
      if (!token) {
        const { input, body } = await registerUser(server, 'parity');
        token = body.accessToken as string;
        email = input.email;
        password = input.password;
      }
      return token;
    };

    describe('Authorization header', () => {
      it('accepts any case of the scheme and extra spaces around and inside', async () => {
        const t = await session(s);
        for (const authorization of [`bearer ${t}`, `BEARER ${t}`, `Bearer    ${t}`, `  Bearer ${t}  `]) {
          const res = await s.api('GET', '/api/v1/users/me', { headers: { authorization } });
          expect(res.status, authorization).toBe(200);
        }
      });

      it('refuses an empty token, another scheme and two tokens in one header with the same 401', async () => {
        const t = await session(s);
        for (const authorization of ['Bearer ', 'Bearer', `Basic ${t}`, `Bearer ${t} ${t}`, `Bearer ${t}, Bearer ${t}`]) {
          const res = await s.api('GET', '/api/v1/users/me', { headers: { authorization } });
          expectError(res, MALFORMED_AUTHORIZATION);
          expect(res.headers.get('www-authenticate'), authorization).toBe('Bearer');
        }
      });

      itOverSocket(s, 'refuses two Authorization headers, even when both carry the same valid token', async (baseUrl) => {
        const t = await session(s);
        for (const second of [`Bearer ${t}`, 'Bearer garbage']) {
          const res = await rawRequest(baseUrl, 'GET', '/api/v1/users/me', [
            ['Authorization', `Bearer ${t}`],
            ['Authorization', second],
          ]);
          expect(res.status).toBe(401);
          expect(JSON.parse(res.text)).toEqual(MALFORMED_AUTHORIZATION);
          expect(res.headers['www-authenticate']).toBe('Bearer');
        }
      });
    });

    describe('request bodies', () => {
      it('lets the last of duplicate JSON keys win', async () => {
        await session(s);
        const lastWins = `{"email":"nobody@example.com","email":${JSON.stringify(email)},"password":"wrong password!","password":${JSON.stringify(password)}}`;
        const firstWins = `{"email":${JSON.stringify(email)},"email":"nobody@example.com","password":${JSON.stringify(password)},"password":"wrong password!"}`;
        const accepted = await s.api('POST', '/api/v1/auth/login', { rawBody: lastWins });
        expect(accepted.status).toBe(200);
        expect(accepted.body.user.email).toBe(email);
        expect((await s.api('POST', '/api/v1/auth/login', { rawBody: firstWins })).status).toBe(401);
      });

      it('treats an empty body as no body, whatever its content type: 400 naming the missing fields', async () => {
        const bodies = await Promise.all([
          s.api('POST', '/api/v1/auth/login'),
          s.api('POST', '/api/v1/auth/login', { rawBody: '' }),
          s.api('POST', '/api/v1/auth/login', { rawBody: '', contentType: 'text/plain' }),
        ]);
        for (const res of bodies) {
          expectError(res, { statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED', details: expect.any(Array) });
          expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['email', 'password']);
          expect(res.body).toEqual(bodies[0]!.body);
        }
      });

      it('answers 415 to JSON sent as text/plain, with no content type, in another charset or compressed', async () => {
        const json = JSON.stringify({ email: 'a@example.com', password: 'whatever1' });
        const cases = [
          s.api('POST', '/api/v1/auth/login', { rawBody: json, contentType: 'text/plain' }),
          s.api('POST', '/api/v1/auth/login', { rawBody: json, contentType: null }),
          s.api('POST', '/api/v1/auth/login', { rawBody: json, contentType: 'application/json; charset=iso-8859-1' }),
          s.api('POST', '/api/v1/auth/login', { rawBody: json, headers: { 'content-encoding': 'gzip' } }),
        ];
        for (const res of await Promise.all(cases))
          expectError(res, {
            statusCode: 415,
            error: 'Unsupported Media Type',
            code: expect.stringMatching(/^BODY_(NOT_JSON|NOT_UTF8|COMPRESSED)$/),
          });
      });

      it('accepts an explicit UTF-8 charset and +json media types', async () => {
        await session(s);
        const json = JSON.stringify({ email, password });
        for (const contentType of ['application/json; charset=UTF-8', 'application/vnd.api+json']) {
          expect((await s.api('POST', '/api/v1/auth/login', { rawBody: json, contentType })).status, contentType).toBe(200);
        }
      });

      itOverSocket(s, 'answers 400 to a body that is not UTF-8', async (baseUrl) => {
        const res = await rawRequest(baseUrl, 'POST', '/api/v1/auth/login', [['Content-Type', 'application/json']], NOT_UTF_8);
        expect(res.status).toBe(400);
      });

      itOverSocket(s, 'ignores the body of a GET request', async (baseUrl) => {
        const res = await rawRequest(baseUrl, 'GET', PUBLIC, [['Content-Type', 'application/json']], '{"not json');
        expect(res.status).toBe(200);
        expect(JSON.parse(res.text)).toEqual({ status: 'ok' });
      });

      it('answers 400 to a repeated query key the flow expects once', async () => {
        const res = await s.api('GET', '/api/v1/auth/verify-email?token=a&token=b');
        expectError(res, {
          statusCode: 400,
          error: 'Bad Request',
          code: 'VALIDATION_FAILED',
          details: [{ path: 'token', message: expect.any(String) }],
        });
      });
    });

    describe('unknown routes', () => {
      it('answers the same JSON 404 with and without a token, on any method', async () => {
        const t = await session(s);
        for (const [method, path] of [
          ['GET', '/api/v1/no-such-route'],
          ['POST', '/api/v1/auth/no-such-route'],
          ['GET', '/no-such-page'],
          ['DELETE', PUBLIC],
          ['POST', '/api/v1/users/me'],
        ] as const) {
          const anonymous = await s.api(method, path);
          const signedIn = await s.api(method, path, { token: t });
          expectError(anonymous, NOT_FOUND);
          expectError(signedIn, NOT_FOUND);
          expect(anonymous.headers.get('www-authenticate')).toBeNull();
        }
      });

      it('marks API 404s no-store like every other API answer', async () => {
        const res = await s.api('GET', '/api/v1/no-such-route');
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      });
    });

    describePathParity(s, async () => ({ token: await session(s), email, password }));

    describe('JSON answers', () => {
      it('sends application/json; charset=utf-8 from auth and resource routes alike', async () => {
        const t = await session(s);
        const root = await loginAs(s, SUPER.email, SUPER.password);
        const me = await s.api('GET', '/api/v1/users/me', { token: t });
        const answers = [
          await s.api('POST', '/api/v1/auth/login', { body: { email, password } }),
          await s.api('POST', '/api/v1/auth/verify-token', { token: t }),
          await s.api('GET', PUBLIC),
          me,
          await s.api('GET', '/api/v1/users', { token: root.accessToken }),
          await s.api('GET', MANAGERS, { token: root.accessToken }),
          await s.api('PUT', `/api/v1/users/${me.body.id}/roles`, { token: root.accessToken, body: { roles: ['user'] } }),
        ];
        for (const res of answers) {
          expect(res.status, res.text).toBe(200);
          expect(res.headers.get('content-type')).toBe(JSON_TYPE);
        }
      });
    });

    describe('HEAD and OPTIONS', () => {
      it('serves HEAD from the GET route: public answers 200, protected needs the token; never a body', async () => {
        const t = await session(s);
        const open = await s.api('HEAD', PUBLIC);
        expect(open.status).toBe(200);
        expect(open.text).toBe('');
        const anonymous = await s.api('HEAD', '/api/v1/users/me');
        expect(anonymous.status).toBe(401);
        expect(anonymous.text).toBe('');
        expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
        expect(anonymous.headers.get('content-type')).toBe(JSON_TYPE);
        const signedIn = await s.api('HEAD', '/api/v1/users/me', { token: t });
        expect(signedIn.status).toBe(200);
        expect(signedIn.text).toBe('');
        expect((await s.api('HEAD', '/api/v1/no-such-route')).status).toBe(404);
      });

      it('answers OPTIONS, which no route declares, with the JSON 404 on public and protected routes alike', async () => {
        const t = await session(s);
        for (const path of [PUBLIC, '/api/v1/users/me', '/api/v1/auth/login']) {
          for (const token of [undefined, t]) {
            const res = await s.api('OPTIONS', path, token ? { token } : {});
            expectError(res, NOT_FOUND);
            expect(res.headers.get('allow'), path).toBeNull();
          }
        }
      });
    });
  });
}
