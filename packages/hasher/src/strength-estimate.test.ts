import { AuthError, createAuth, type Auth } from '@gatehousejs/core';
import { estimatePasswordStrength } from '@gatehousejs/core/password-strength';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createArgon2idWorkerPool, type Argon2idWorkerPool } from './create-argon2id-worker-pool.js';
import { createNativeArgon2idWorkerPool } from './create-native-argon2id-worker-pool.js';

const FAST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
const INPUTS = ['ada.lovelace@example.com', 'ada.lovelace', 'ada', 'lovelace', 'countess', 'gatehouse'];
const PASSWORDS = [
  'Passw0rd!',
  'Summer2024!',
  'zzzzzzzzzzzz',
  'Gatehouse1',
  'lovelace1815!',
  'correct horse battery',
  'q7#Lm2!v wren-quartz',
];
/** 40 characters of letters, digits and l33t symbols: among the slowest passwords to estimate. */
const STRONG_AND_SLOW = 'k9$Lq3!xT7@pZ1&vW4#mR8*bN2%cH6+fJ0|gD5(s';

const pools: Argon2idWorkerPool[] = [];
function pool(create: () => Argon2idWorkerPool): Argon2idWorkerPool {
  const created = create();
  pools.push(created);
  return created;
}
afterAll(() => Promise.all(pools.map((p) => p.close())));

describe.each([
  ['native worker pool (threads)', () => createNativeArgon2idWorkerPool(FAST, { size: 2 })],
  ['hash-wasm worker pool (processes)', () => createArgon2idWorkerPool(FAST, { size: 2 })],
])('%s: password strength estimated off the calling thread', (_name, create) => {
  it('gives core’s estimate, score and warning, for every password', async () => {
    const hasher = pool(create);
    const estimate = hasher.estimatePasswordStrength!;
    const there = await Promise.all(PASSWORDS.map((password) => estimate(password, INPUTS)));
    expect(there).toEqual(PASSWORDS.map((password) => estimatePasswordStrength(password, INPUTS)));
  });
});

it('leaves the estimate to core when told not to estimate', async () => {
  const hasher = pool(() => createNativeArgon2idWorkerPool(FAST, { size: 1, estimateStrength: false }));
  expect(hasher.estimatePasswordStrength).toBeUndefined();
});

const silentMailer = { send: async () => {} };
const CONFIG = {
  accessTokenSecret: 'strength-test-access-secret-0123456789abcdef',
  refreshTokenSecret: 'strength-test-refresh-secret-0123456789abcdef',
  rateLimit: { enabled: false },
};
let registrations = 0;
function registerBody(password: string) {
  const n = ++registrations;
  return {
    email: `user${n}@example.com`,
    username: `user${n}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    password,
    confirmPassword: password,
  };
}

describe('registration through createAuth with a worker pool', () => {
  const authWith = (hasher: Argon2idWorkerPool): Auth<string> =>
    createAuth<string>({ config: CONFIG, store: createMemoryStore(), mailer: silentMailer, hasher });

  it('refuses a guessable password with the same error body as the estimate on the calling thread', async () => {
    const refusal = async (auth: Auth<string>) => {
      const error = await auth.register(registerBody('Summer2024!')).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AuthError);
      const { code, message, details } = error as AuthError;
      return { code, message, details };
    };
    const inWorkers = await refusal(authWith(pool(() => createNativeArgon2idWorkerPool(FAST, { size: 1 }))));
    const inThread = await refusal(authWith(pool(() => createNativeArgon2idWorkerPool(FAST, { size: 1, estimateStrength: false }))));
    expect(inWorkers).toEqual(inThread);
    expect(inWorkers.code).toBe('VALIDATION_FAILED');
  });

  it('asks the pool for the estimate of a registration’s password, once, with what is known of the account', async () => {
    // Whether that frees the event loop is a speed question for the bench (a timed check here failed
    // on a busy machine); this shows core hands the estimate to the pool instead of running zxcvbn.
    const hasher = pool(() => createNativeArgon2idWorkerPool(FAST, { size: 1 }));
    const estimate = vi.spyOn(hasher, 'estimatePasswordStrength');
    const body = registerBody(STRONG_AND_SLOW);
    await authWith(hasher).register(body);
    expect(estimate).toHaveBeenCalledTimes(1);
    expect(estimate.mock.calls[0]![0]).toBe(STRONG_AND_SLOW);
    expect(estimate.mock.calls[0]![1]).toEqual(expect.arrayContaining([body.email, body.username]));
  });
});
