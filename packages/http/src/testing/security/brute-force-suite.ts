import { describe, expect, it } from 'vitest';
import type { HttpSuiteTarget, StartServer } from '../server-under-test.js';
import { registerUser, useServer, useSharedInstances, type SuiteServer } from '../suite-setup.js';

const LIMITS = {
  config: {
    rateLimit: { enabled: true, loginFailures: { limit: 3, windowSeconds: '15m' }, authRequests: { limit: 1000, windowSeconds: '1m' } },
  },
  // Each test acts as its own clients through a trusted proxy's X-Forwarded-For.
  trustedProxyHops: 1,
};

const from = (client: string) => ({ 'x-forwarded-for': client });

const guess = (s: SuiteServer, email: string, password: string, client: string) =>
  s.api('POST', '/api/v1/auth/login', { body: { email, password }, headers: from(client) });

export function bruteForceSuite(start: StartServer, target: HttpSuiteTarget): void {
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

    it('of 30 wrong passwords and the right one sent at once, only 3 are evaluated: the rest get 429', async () => {
      const { input } = await registerUser(s);
      const attempts = [
        ...Array.from({ length: 30 }, () => login(input.email, 'wrong password!', '203.0.113.4')),
        login(input.email, input.password, '203.0.113.4'),
      ];
      const statuses = (await Promise.all(attempts)).map((r) => r.status);
      expect(statuses.filter((status) => status !== 429)).toHaveLength(3);
      expect(statuses.every((status) => status === 401 || status === 429 || status === 200)).toBe(true);
    });

    it('a successful login clears the failures of that account and client', async () => {
      const { input } = await registerUser(s);
      for (let i = 0; i < 2; i++) await login(input.email, 'wrong password!', '203.0.113.3');
      expect((await login(input.email, input.password, '203.0.113.3')).status).toBe(200);
      for (let i = 0; i < 2; i++) expect((await login(input.email, 'wrong password!', '203.0.113.3')).status).toBe(401);
      expect((await login(input.email, input.password, '203.0.113.3')).status).toBe(200);
    });
  });

  describe('threat: password guesses spread over instances sharing one store', () => {
    const instances = useSharedInstances(target);

    it('60 wrong guesses sent at once over two instances: only 3 are evaluated, and then the right password gets 429', async () => {
      const [a, b] = await Promise.all([instances.start(LIMITS), instances.start(LIMITS)]);
      const { input } = await registerUser(a!);
      const statuses = (
        await Promise.all(Array.from({ length: 60 }, (_, i) => guess(i % 2 ? b! : a!, input.email, `wrong guess ${i}`, '203.0.113.20')))
      ).map((r) => r.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(57);
      expect((await guess(b!, input.email, input.password, '203.0.113.20')).status).toBe(429);
    });
  });

  describe('threat: request flooding of the public auth routes', () => {
    const s = useServer(start, { config: { rateLimit: { enabled: true, authRequests: { limit: 5, windowSeconds: '1m' } } } });

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
    const s = useServer(start, {
      config: {
        rateLimit: {
          enabled: true,
          mailsPerAddress: { limit: 2, windowSeconds: '1h' },
          authRequests: { limit: 1000, windowSeconds: '1m' },
        },
      },
    });

    it('sends at most 2 reset mails an hour to one address, while answering every request the same; the confirmation mail has its own quota', async () => {
      const { input } = await registerUser(s);
      await s.server.waitForMail((m) => m.to.includes(input.email));
      const answers = new Set<string>();
      for (let i = 0; i < 4; i++) answers.add((await s.api('POST', '/api/v1/auth/forgot-password', { body: { email: input.email } })).text);
      expect(answers.size).toBe(1);
      await s.server.waitForMail((m) => m.to.includes(input.email) && m.subject.toLowerCase().includes('reset'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const mails = s.server.mails().filter((m) => m.to.includes(input.email));
      expect(mails.filter((m) => m.subject.toLowerCase().includes('reset'))).toHaveLength(2);
      expect(mails.filter((m) => m.subject.toLowerCase().includes('confirm'))).toHaveLength(1);
    });
  });
}
