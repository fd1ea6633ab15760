import { describe, expect, it } from 'vitest';
import type { AuthError } from '../errors/auth-error.js';
import { createMemoryRateLimiter } from '../rate-limit/memory-rate-limiter.js';
import { createFlowHarness, expectAuthError, PASSWORD } from './flow-harness.test-helpers.js';

const NEW_PASSWORD = 'a brand new passphrase';
/** One guess from each of `count` client addresses, as a botnet sends them, one after another. */
async function guessFromEverywhere(h: ReturnType<typeof createFlowHarness>, email: string, count: number, offset = 0) {
  for (let i = 0; i < count; i++) {
    const from = { clientAddress: `198.51.${Math.floor((offset + i) / 250)}.${(offset + i) % 250}` };
    await expectAuthError(h.auth.login({ email, password: `wrong guess ${i}` }, from), 'INVALID_CREDENTIALS');
  }
}

describe('at most 100 consecutive failed logins per account, from all clients together (NIST SP 800-63B-4 §3.2.2)', () => {
  it('refuses password login with 429 after 100 failures from 100 addresses, before any hash, even with the right password', async () => {
    const h = createFlowHarness();
    const { user } = await h.register();
    await guessFromEverywhere(h, user.email!, 100);
    const before = h.hasher.verifyCalls;
    const error: AuthError = await expectAuthError(
      h.auth.login({ email: user.email, password: PASSWORD }, { clientAddress: '203.0.113.9' }),
      'RATE_LIMITED',
    );
    expect(error.message).toBe('Too many failed logins for this account. Reset your password or sign in another way, or try again later.');
    expect(error.retryAfterSeconds).toBe(86_400);
    expect(h.hasher.verifyCalls).toBe(before);
  });

  it('counts an address that is not registered alike, so the answer reveals no account', async () => {
    const h = createFlowHarness();
    await guessFromEverywhere(h, 'nobody@example.com', 100);
    await expectAuthError(
      h.auth.login({ email: 'nobody@example.com', password: PASSWORD }, { clientAddress: '203.0.113.9' }),
      'RATE_LIMITED',
    );
  });

  it('never shuts the reset link: a successful reset clears the count and password login works again', async () => {
    const h = createFlowHarness();
    const { user } = await h.register();
    await guessFromEverywhere(h, user.email!, 100);
    await h.auth.forgotPassword({ email: user.email }, { clientAddress: '203.0.113.9' });
    const { token } = await h.waitForMail('password-reset', user.email!);
    await h.auth.resetPassword({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { clientAddress: '203.0.113.9' });
    await expect(h.auth.login({ email: user.email, password: NEW_PASSWORD }, { clientAddress: '203.0.113.9' })).resolves.toMatchObject({
      user: { id: user.id },
    });
  });

  it('lets password login in again after the cool-down (a day), on a fake clock', async () => {
    const h = createFlowHarness();
    const { user } = await h.register();
    await guessFromEverywhere(h, user.email!, 100);
    h.clock.advance(86_399);
    await expectAuthError(h.auth.login({ email: user.email, password: PASSWORD }, { clientAddress: '203.0.113.9' }), 'RATE_LIMITED');
    h.clock.advance(1);
    await expect(h.auth.login({ email: user.email, password: PASSWORD }, { clientAddress: '203.0.113.9' })).resolves.toMatchObject({
      user: { id: user.id },
    });
  });

  it('counts only consecutive failures: a successful login resets the count', async () => {
    const h = createFlowHarness();
    const { user } = await h.register();
    await guessFromEverywhere(h, user.email!, 99);
    await h.auth.login({ email: user.email, password: PASSWORD }, { clientAddress: '203.0.113.9' });
    await guessFromEverywhere(h, user.email!, 99, 99);
    await expect(h.auth.login({ email: user.email, password: PASSWORD }, { clientAddress: '203.0.113.9' })).resolves.toMatchObject({
      user: { id: user.id },
    });
  });

  it('shares the count across instances through the shared limiter, and follows rateLimit.accountLoginFailures', async () => {
    const limiter = createMemoryRateLimiter();
    const config = { rateLimit: { accountLoginFailures: { limit: 10, windowSeconds: '1h' } } };
    const first = createFlowHarness({ config, rateLimiter: limiter });
    const second = createFlowHarness({ config, rateLimiter: limiter, store: first.store, clock: first.clock, seed: 2 });
    const { user } = await first.register();
    await guessFromEverywhere(first, user.email!, 5);
    await guessFromEverywhere(second, user.email!, 5, 5);
    const error = await expectAuthError(
      first.auth.login({ email: user.email, password: PASSWORD }, { clientAddress: '203.0.113.9' }),
      'RATE_LIMITED',
    );
    expect(error.retryAfterSeconds).toBe(3600);
  });
});
