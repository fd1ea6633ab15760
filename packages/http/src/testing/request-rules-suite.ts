import { describe, expect, it } from 'vitest';
import { BODY_DRAIN_LIMIT_BYTES } from '../rules/read-body.js';
import { newUser } from './http-client.js';
import { keepAliveClient } from './keep-alive-client.js';
import { SUITE_PROBES, type StartServer } from './server-under-test.js';
import { itOverSocket, useServer } from './suite-setup.js';

export function requestRulesSuite(start: StartServer): void {
  describe('request rules and error format', () => {
    const s = useServer(start);

    it('answers 400 to malformed JSON', async () => {
      const res = await s.api('POST', '/api/v1/auth/login', { rawBody: '{"email": "a@b.c",' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, message: expect.any(String), error: 'Bad Request', code: 'BODY_MALFORMED' });
    });

    it('answers 415 to a body that is not JSON', async () => {
      const res = await s.api('POST', '/api/v1/auth/login', {
        rawBody: 'email=a@b.c&password=x',
        contentType: 'application/x-www-form-urlencoded',
      });
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ statusCode: 415, message: expect.any(String), error: 'Unsupported Media Type', code: 'BODY_NOT_JSON' });
    });

    it('answers 413 to a body over 16 KiB', async () => {
      const res = await s.api('POST', '/api/v1/auth/register', { body: { ...newUser(), firstName: 'x'.repeat(17 * 1024) } });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ statusCode: 413, message: expect.any(String), error: 'Payload Too Large', code: 'BODY_TOO_LARGE' });
    });

    describe('the connection after a 413', () => {
      const TOO_LARGE = { statusCode: 413, message: 'The request body is too large.', error: 'Payload Too Large', code: 'BODY_TOO_LARGE' };
      /** `{"email":"xxx…"}`, `bytes` long: JSON, so only its size is wrong. */
      const jsonOfSize = (bytes: number) => Buffer.from(`{"email":"${'x'.repeat(bytes - 12)}"}`);

      itOverSocket(
        s,
        'keeps the connection usable after refusing a body of up to 1 MiB: the next request on it is answered, every time',
        async (baseUrl) => {
          const client = keepAliveClient(baseUrl);
          try {
            const bodies = [jsonOfSize(300 * 1024), jsonOfSize(17 * 1024), jsonOfSize(BODY_DRAIN_LIMIT_BYTES)];
            for (let round = 0; round < 6; round += 1) {
              const body = bodies[round % bodies.length]!;
              const refused = await client.send('POST', '/api/v1/auth/login', {
                body,
                chunked: round % 2 === 1,
                headers: { 'content-type': 'application/json' },
              });
              expect(refused.status, `round ${round}`).toBe(413);
              expect(JSON.parse(refused.text)).toEqual(TOO_LARGE);
              expect(refused.headers.connection, `round ${round}`).not.toBe('close');
              const next = await client.send('GET', SUITE_PROBES.public);
              expect(next.status, `round ${round}`).toBe(200);
              expect(next.reusedSocket, `round ${round}`).toBe(true);
            }
          } finally {
            client.close();
          }
        },
      );

      itOverSocket(s, 'refuses a larger body without reading it and says Connection: close, declared or counted', async (baseUrl) => {
        const client = keepAliveClient(baseUrl);
        try {
          for (const chunked of [false, true, false]) {
            const refused = await client.send('POST', '/api/v1/auth/login', {
              body: jsonOfSize(2 * BODY_DRAIN_LIMIT_BYTES),
              chunked,
              headers: { 'content-type': 'application/json' },
            });
            expect(refused.status).toBe(413);
            expect(JSON.parse(refused.text)).toEqual(TOO_LARGE);
            expect(refused.headers.connection).toBe('close');
            // The client took the hint: the next request goes out on a new connection, and is answered.
            const next = await client.send('GET', SUITE_PROBES.public);
            expect(next.status).toBe(200);
            expect(next.reusedSocket).toBe(false);
          }
        } finally {
          client.close();
        }
      });
    });

    it('answers 400 to a JSON body that is not an object', async () => {
      expect((await s.api('POST', '/api/v1/auth/login', { rawBody: '[1,2,3]' })).status).toBe(400);
      expect((await s.api('POST', '/api/v1/auth/login', { rawBody: 'null' })).status).toBe(400);
    });

    it('answers 400 with details naming every missing field of an empty body', async () => {
      const res = await s.api('POST', '/api/v1/auth/register', { body: {} });
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
        'confirmPassword',
        'email',
        'firstName',
        'lastName',
        'password',
        'username',
      ]);
    });

    it('answers unknown routes with a JSON 404, with or without a token', async () => {
      const res = await s.api('GET', '/api/v1/no-such-route');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, message: expect.any(String), error: 'Not Found', code: 'ROUTE_NOT_FOUND' });
    });

    it('never sends X-Powered-By and marks auth responses no-store', async () => {
      const res = await s.api('POST', '/api/v1/auth/login', { body: { email: 'x@example.com', password: 'whatever1' } });
      expect(res.headers.get('x-powered-by')).toBeNull();
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('never leaks a stack trace or the submitted password in an error', async () => {
      const res = await s.api('POST', '/api/v1/auth/login', { body: { email: 'x@example.com', password: 'my-secret-password' } });
      expect(res.text).not.toMatch(/at .*\.(ts|js):\d+|my-secret-password/);
    });
  });
}
