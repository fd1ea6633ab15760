import { describe, expect, it } from 'vitest';
import { AuthError } from '../errors/auth-error.js';
import { createMemoryRateLimiter } from '../rate-limit/memory-rate-limiter.js';
import { PASSWORD, createFlowHarness, expectAuthError } from './flow-harness.test-helpers.js';

const LOCKOUT = { rateLimit: { loginFailures: { limit: 5, windowSeconds: '15m' } } };
const FROM = { clientAddress: '203.0.113.5' };

async function outcome(attempt: Promise<unknown>): Promise<string> {
  try {
    await attempt;
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? 'other';
  }
}

describe('login lockout', () => {
  it('verifies at most the limit of 30 wrong passwords and the right one sent at once', async () => {
    const h = createFlowHarness({ config: LOCKOUT });
    const { user } = await h.register();
    const before = h.hasher.verifyCalls;
    const attempts = [
      ...Array.from({ length: 30 }, () => h.auth.login({ email: user.email, password: 'wrong password!' }, FROM)),
      h.auth.login({ email: user.email, password: PASSWORD }, FROM),
    ];
    const outcomes = await Promise.all(attempts.map(outcome));
    expect(h.hasher.verifyCalls - before).toBeLessThanOrEqual(5);
    expect(outcomes.filter((o) => o !== 'RATE_LIMITED')).toHaveLength(5);
  });

  it('counts guesses spread over three instances sharing a limiter against one limit', async () => {
    const limiter = createMemoryRateLimiter();
    const first = createFlowHarness({ config: LOCKOUT, rateLimiter: limiter });
    const { user } = await first.register();
    const instances = [
      first,
      createFlowHarness({ config: LOCKOUT, store: first.store, rateLimiter: limiter, seed: 2 }),
      createFlowHarness({ config: LOCKOUT, store: first.store, rateLimiter: limiter, seed: 3 }),
    ];
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        outcome(instances[i % 3]!.auth.login({ email: user.email, password: `wrong guess ${i}` }, FROM)),
      ),
    );
    expect(outcomes.filter((o) => o === 'INVALID_CREDENTIALS')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'RATE_LIMITED')).toHaveLength(55);
  });

  it('refuses the right password once locked, and a success before that clears the count', async () => {
    const h = createFlowHarness({ config: LOCKOUT });
    const { user } = await h.register();
    for (let i = 0; i < 4; i++)
      await expectAuthError(h.auth.login({ email: user.email, password: 'wrong password!' }, FROM), 'INVALID_CREDENTIALS');
    await h.auth.login({ email: user.email, password: PASSWORD }, FROM);
    for (let i = 0; i < 5; i++)
      await expectAuthError(h.auth.login({ email: user.email, password: 'wrong password!' }, FROM), 'INVALID_CREDENTIALS');
    await expectAuthError(h.auth.login({ email: user.email, password: PASSWORD }, FROM), 'RATE_LIMITED');
  });

  it('does not count attempts a database outage answered 503 (nothing was judged), but still counts wrong passwords', async () => {
    const h = createFlowHarness({ config: LOCKOUT });
    const { user } = await h.register();
    const findUserByEmail = h.store.users.findUserByEmail;
    h.store.users.findUserByEmail = async () => {
      throw new AuthError('DATABASE_UNAVAILABLE');
    };
    for (let i = 0; i < 20; i++)
      await expectAuthError(h.auth.login({ email: user.email, password: PASSWORD }, FROM), 'DATABASE_UNAVAILABLE');
    h.store.users.findUserByEmail = findUserByEmail;
    // The database is back: the user is not locked out by the retries of the outage.
    await expect(h.auth.login({ email: user.email, password: PASSWORD }, FROM)).resolves.toHaveProperty('accessToken');
    for (let i = 0; i < 5; i++)
      await expectAuthError(h.auth.login({ email: user.email, password: 'wrong password!' }, FROM), 'INVALID_CREDENTIALS');
    await expectAuthError(h.auth.login({ email: user.email, password: PASSWORD }, FROM), 'RATE_LIMITED');
  });
});
