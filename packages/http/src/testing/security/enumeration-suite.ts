import { describe, expect, it } from 'vitest';
import { newUser } from '../http-client.js';
import type { StartServer } from '../server-under-test.js';
import { registerUser, useServer } from '../suite-setup.js';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export function enumerationSuite(start: StartServer): void {
  describe('threat: account enumeration through login timing', () => {
    // Real Argon2id parameters: a login that skipped the hash for an unknown address would answer
    // in about a millisecond instead of about a hundred.
    const s = useServer(start, { ARGON2_MEMORY_COST: '19456', ARGON2_TIME_COST: '2' });

    it('spends about as long on an unknown e-mail as on a wrong password', async () => {
      const { input } = await registerUser(s);
      const time = async (email: string) => {
        const started = performance.now();
        const res = await s.api('POST', '/api/v1/auth/login', { body: { email, password: 'not the password' } });
        expect(res.status).toBe(401);
        return performance.now() - started;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 5; i++) {
        known.push(await time(input.email));
        unknown.push(await time(`nobody-${i}-${input.email}`));
      }
      // A generous band that cannot flake on a noisy machine but fails without the dummy hash.
      expect(median(unknown) / median(known)).toBeGreaterThan(0.4);
      expect(median(unknown) / median(known)).toBeLessThan(2.5);
    });
  });

  describe('threat: account enumeration through registration (CONCEAL_REGISTERED_EMAILS=true)', () => {
    const s = useServer(start, { CONCEAL_REGISTERED_EMAILS: 'true' });

    it('answers a taken e-mail exactly like a new one and mails the owner instead', async () => {
      const owner = newUser('owner');
      const first = await s.api('POST', '/api/v1/auth/register', { body: owner });
      const again = await s.api('POST', '/api/v1/auth/register', { body: { ...newUser('intruder'), email: owner.email } });
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(first.text).not.toMatch(/accessToken|refreshToken/);
      await s.server.waitForMail((m) => m.to.includes(owner.email) && /tried to register/i.test(m.subject));
    });

    it('still lets the new user confirm the address and log in', async () => {
      const input = newUser('conceal');
      await s.api('POST', '/api/v1/auth/register', { body: input });
      expect((await s.api('POST', '/api/v1/auth/login', { body: { email: input.email, password: input.password } })).status).toBe(200);
    });
  });
}
