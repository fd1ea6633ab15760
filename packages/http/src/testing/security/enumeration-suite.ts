import { describe, expect, it } from 'vitest';
import { newUser } from '../http-client.js';
import type { StartServer } from '../server-under-test.js';
import { registerUser, useServer } from '../suite-setup.js';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export function enumerationSuite(start: StartServer): void {
  describe('threat: account enumeration through login timing', () => {
    // Costly Argon2id parameters (about 30 ms a hash natively on a fast core, more elsewhere): a
    // login that skipped the hash for an unknown address would answer in about a millisecond.
    const s = useServer(start, { ARGON2_MEMORY_COST: '19456', ARGON2_TIME_COST: '12' });

    it('spends about as long on an unknown e-mail as on a wrong password', async () => {
      const { input } = await registerUser(s);
      const time = async (body: unknown, expected: number) => {
        const started = performance.now();
        const res = await s.api('POST', '/api/v1/auth/login', { body });
        expect(res.status).toBe(expected);
        return performance.now() - started;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      const noHash: number[] = [];
      // Interleaved, so load from anything else on the machine hits all three alike.
      for (let i = 0; i < 7; i++) {
        known.push(await time({ email: input.email, password: 'not the password' }, 401));
        unknown.push(await time({ email: `nobody-${i}-${input.email}`, password: 'not the password' }, 401));
        noHash.push(await time({ email: input.email, password: 'x'.repeat(129) }, 400));
      }
      // Robust on a noisy machine: an unknown address must cost at least half of what a hash costs
      // over a request that hashes nothing. Without the dummy hash it would cost about nothing.
      // The first check only makes sure the hash stands out of a loopback request's noise (about a
      // millisecond), whatever the machine's speed: a fixed figure near the hash's own cost failed
      // on a faster machine (15 ms measured against 20 wanted).
      const hashCost = median(known) - median(noHash);
      expect(hashCost).toBeGreaterThan(8);
      expect(median(unknown) - median(noHash)).toBeGreaterThan(hashCost / 2);
      expect(median(unknown)).toBeLessThan(median(known) * 3);
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
