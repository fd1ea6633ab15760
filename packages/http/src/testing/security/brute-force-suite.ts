import { describe, expect, it } from 'vitest';
import type { StartServer } from '../server-under-test.js';
import { registerUser, useServer } from '../suite-setup.js';

const LIMITS = {
  RATE_LIMIT_ENABLED: 'true',
  RATE_LIMIT_LOGIN_FAILURES: '3/15m',
  RATE_LIMIT_AUTH_REQUESTS: '1000/1m',
  // Each test acts as its own clients through a trusted proxy's X-Forwarded-For.
  TRUST_PROXY_HOPS: '1',
};

const from = (client: string) => ({ 'x-forwarded-for': client });

export function bruteForceSuite(start: StartServer): void {
  describe('threat: online password guessing (brute force and lockout)', () => {
    const s = useServer(start, LIMITS);
    const login = (email: string, password: string, client: string) =>
      s.api('POST', '/api/v1/auth/login', { body: { email, password }, headers: from(client) });

    it('locks an account for one client after 3 failures: 429 with Retry-After, even for the right password', async () => {
      const { input } = await registerUser(s);
      for (let i = 0; i < 3; i++) expect((await login(input.email, 'wrong password!', '203.0.113.1')).status).toBe(401);
      const locked = await login(input.email, input.password, '203.0.113.1');
      expect(locked.status).toBe(429);
      expect(locked.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('does not lock other accounts, nor the same account from another client', async () => {
      const victim = await registerUser(s);
      const bystander = await registerUser(s);
      for (let i = 0; i < 4; i++) await login(victim.input.email, 'wrong password!', '203.0.113.2');
      expect((await login(bystander.input.email, bystander.input.password, '203.0.113.2')).status).toBe(200);
      expect((await login(victim.input.email, victim.input.password, '198.51.100.7')).status).toBe(200);
    });

    it('a spoofed X-Forwarded-For beyond the trusted hop does not reset the count', async () => {
      const { input } = await registerUser(s);
      // The trusted proxy appends the real client last; what the client wrote before it is ignored.
      for (let i = 0; i < 3; i++) await login(input.email, 'wrong password!', `10.0.0.${i}, 203.0.113.9`);
      expect((await login(input.email, input.password, '10.9.9.9, 203.0.113.9')).status).toBe(429);
    });

    it('a successful login clears the failures of that account and client', async () => {
      const { input } = await registerUser(s);
      for (let i = 0; i < 2; i++) await login(input.email, 'wrong password!', '203.0.113.3');
      expect((await login(input.email, input.password, '203.0.113.3')).status).toBe(200);
      for (let i = 0; i < 2; i++) expect((await login(input.email, 'wrong password!', '203.0.113.3')).status).toBe(401);
      expect((await login(input.email, input.password, '203.0.113.3')).status).toBe(200);
    });
  });

  describe('threat: request flooding of the public auth routes', () => {
    const s = useServer(start, { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTH_REQUESTS: '5/1m' });

    it('answers 429 with Retry-After past the per-client limit', async () => {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 7; i++) {
        last = await s.api('POST', '/api/v1/auth/forgot-password', { body: { email: 'flood@example.com' } });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('threat: mail bombing one address', () => {
    const s = useServer(start, { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_MAILS: '2/1h', RATE_LIMIT_AUTH_REQUESTS: '1000/1m' });

    it('sends at most 2 reset mails an hour to one address, while answering every request the same', async () => {
      const { input } = await registerUser(s);
      // The confirmation mail of registration counts too: wait for it so the count is known.
      await s.server.waitForMail((m) => m.to.includes(input.email));
      const answers = new Set<string>();
      for (let i = 0; i < 4; i++) answers.add((await s.api('POST', '/api/v1/auth/forgot-password', { body: { email: input.email } })).text);
      expect(answers.size).toBe(1);
      await s.server.waitForMail((m) => m.to.includes(input.email) && m.subject.toLowerCase().includes('reset'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(s.server.mails().filter((m) => m.to.includes(input.email))).toHaveLength(2);
    });
  });
}
