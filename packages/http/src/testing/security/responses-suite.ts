import { describe, expect, it } from 'vitest';
import { tamperPayload } from '../forge-token.js';
import type { StartServer } from '../server-under-test.js';
import { registerUser, useServer } from '../suite-setup.js';

const ALLOWED = 'https://app.example.test';

export function responsesSuite(start: StartServer): void {
  describe('threat: leaks through responses (caching, sniffing, CORS, echoed secrets)', () => {
    const s = useServer(start, { corsOrigins: [ALLOWED] });

    it('marks every auth response no-store and nosniff, errors included', async () => {
      const { body } = await registerUser(s);
      for (const res of [
        await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: body.refreshToken } }),
        await s.api('POST', '/api/v1/auth/login', { body: { email: 'x@example.com', password: 'wrong password' } }),
      ]) {
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      }
    });

    it('allows only the listed origin, echoed exactly, never * and never with credentials', async () => {
      const allowed = await s.api('POST', '/api/v1/auth/login', {
        body: { email: 'x@example.com', password: 'whatever1' },
        headers: { origin: ALLOWED },
      });
      expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
      expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();
      const other = await s.api('POST', '/api/v1/auth/login', {
        body: { email: 'x@example.com', password: 'whatever1' },
        headers: { origin: 'https://evil.example' },
      });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await s.api('OPTIONS', '/api/v1/auth/login', {
        headers: { origin: ALLOWED, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED);
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
    });

    it('never echoes a token, a password or an e-mail address in an error', async () => {
      const { input, body } = await registerUser(s);
      const tampered = tamperPayload(body.accessToken, (c) => ({ ...c, roles: ['super'] }));
      const badToken = await s.api('POST', '/api/v1/auth/verify-token', { token: tampered });
      expect(badToken.text).not.toContain(tampered.split('.')[1]);
      const taken = await s.api('POST', '/api/v1/auth/register', { body: { ...input, username: `${input.username}x` } });
      expect(taken.status).toBe(409);
      expect(taken.text).not.toContain(input.email);
      const wrong = await s.api('POST', '/api/v1/auth/login', { body: { email: input.email, password: 'sup3r-secret-guess' } });
      expect(wrong.text).not.toMatch(new RegExp(`sup3r-secret-guess|${input.email.replace('.', '\\.')}`));
    });
  });

  describe('threat: memory exhaustion by a login flood (Argon2id is memory-hard)', () => {
    const s = useServer(start, { config: { argon2: { memoryCost: 19456, timeCost: 2 }, hashing: { maxConcurrent: 1, maxQueued: 0 } } });

    it('refuses hashes beyond the cap with 503 and Retry-After instead of queueing without end', async () => {
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          s.api('POST', '/api/v1/auth/login', { body: { email: `flood${i}@example.com`, password: 'whatever-password' } }),
        ),
      );
      const busy = results.filter((r) => r.status === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(results.every((r) => r.status === 401 || r.status === 503)).toBe(true);
      expect(busy[0]!.headers.get('retry-after')).toBe('1');
      expect(busy[0]!.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    });
  });
}
