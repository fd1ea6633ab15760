import { describe, expect, it } from 'vitest';
import { newUser } from '../http-client.js';
import type { StartServer } from '../server-under-test.js';
import { registerUser, useServer } from '../suite-setup.js';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export function enumerationSuite(start: StartServer): void {
  describe('threat: account enumeration through login timing', () => {
    // Costly Argon2id parameters (about 30 ms a hash natively on a fast core, more elsewhere): a
    // login that skipped the hash for an unknown address would answer in about a millisecond.
    const s = useServer(start, { config: { argon2: { memoryCost: 19456, timeCost: 12 } } });

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

  describe('threat: account enumeration through registration (concealRegisteredEmails: true)', () => {
    const s = useServer(start, { config: { concealRegisteredEmails: true } });

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

    it('answers a taken username alike whatever the e-mail: registered and free candidate addresses both get 409', async () => {
      const registered = newUser('candidate');
      await s.api('POST', '/api/v1/auth/register', { body: registered });
      const prober = newUser('prober');
      await s.api('POST', '/api/v1/auth/register', { body: prober });
      // Accounts are stored after the answer, before their confirmation mails go out.
      await s.server.waitForMail((m) => m.to.includes(registered.email));
      await s.server.waitForMail((m) => m.to.includes(prober.email));

      const withRegistered = await s.api('POST', '/api/v1/auth/register', {
        body: { ...newUser('probe'), email: registered.email, username: prober.username },
      });
      const withFree = await s.api('POST', '/api/v1/auth/register', { body: { ...newUser('probe'), username: prober.username } });
      expect(withRegistered.status).toBe(409);
      expect(withFree.status).toBe(409);
      expect(withRegistered.body).toEqual(withFree.body);
    });

    it('takes as long for a taken address as for a new one', async () => {
      const owner = newUser('timed');
      await s.api('POST', '/api/v1/auth/register', { body: owner });
      const time = async (body: unknown) => {
        const started = performance.now();
        const res = await s.api('POST', '/api/v1/auth/register', { body });
        expect(res.status).toBe(201);
        return performance.now() - started;
      };
      const fresh: number[] = [];
      const taken: number[] = [];
      // Interleaved, so load from anything else on the machine hits both alike.
      const mailsTo = (to: string) => s.server.mails().filter((m) => m.to.includes(to)).length;
      const untilMails = async (to: string, count: number) => {
        while (mailsTo(to) < count) await new Promise((resolve) => setTimeout(resolve, 5));
      };
      await untilMails(owner.email, 1);
      for (let i = 0; i < 15; i++) {
        const input = newUser('fresh');
        fresh.push(await time(input));
        // Each answer's background work (insert, mail) done before the next is timed.
        await untilMails(input.email, 1);
        taken.push(await time({ ...newUser('again'), email: owner.email }));
        await untilMails(owner.email, i + 2);
      }
      // The fastest of each: load from elsewhere only ever adds time, so minimums show the work
      // itself. A new address used to sign and store a token pair nobody received and to wait for
      // its insert to commit, which a refused insert does not.
      // The bound is loose (a shared CI machine's scheduler adds several ms to single requests): it
      // catches a path that does clearly more work, not the few ms a commit used to add.
      const [a, b] = [Math.min(...fresh), Math.min(...taken)];
      expect(Math.abs(a - b)).toBeLessThan(Math.max(25, Math.min(a, b)));
    });

    it('still lets the new user confirm the address and log in', async () => {
      const input = newUser('conceal');
      await s.api('POST', '/api/v1/auth/register', { body: input });
      // The account is stored after the answer, before its confirmation mail goes out.
      await s.server.waitForMail((m) => m.to.includes(input.email));
      expect((await s.api('POST', '/api/v1/auth/login', { body: { email: input.email, password: input.password } })).status).toBe(200);
    });
  });
}
