import { describe, expect, it } from 'vitest';
import { createFlowHarness } from '../flows/flow-harness.test-helpers.js';
import type { PasswordHasher } from '../ports/password-hasher.js';
import { createFakeHasher } from '../testing/fake-hasher.js';
import { expectAuthError } from '../errors/auth-error.test-helpers.js';

/** A hasher that takes a few milliseconds per hash and records how many it held at once. */
function countingHasher(capacity?: number): PasswordHasher & { peak: number } {
  const fake = createFakeHasher();
  let inFlight = 0;
  const hasher = {
    peak: 0,
    ...(capacity === undefined ? {} : { capacity }),
    async hash(password: string) {
      inFlight++;
      hasher.peak = Math.max(hasher.peak, inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return await fake.hash(password);
      } finally {
        inFlight--;
      }
    },
    verify: fake.verify,
    needsRehash: fake.needsRehash,
  };
  return hasher;
}

/** Registers `count` users at once, so each flow reaches the hasher before the first hash ends. */
async function registerAtOnce(h: ReturnType<typeof createFlowHarness>, count: number): Promise<void> {
  await Promise.all(Array.from({ length: count }, () => h.register()));
}

describe('createAuth caps the hashes in flight', () => {
  const config = { rateLimit: { enabled: false } };

  it('at the capacity the hasher reports, when maxConcurrent is not set', async () => {
    const hasher = countingHasher(6);
    await registerAtOnce(createFlowHarness({ config, hasher }), 10);
    expect(hasher.peak).toBe(6);
  });

  it('at hashing.maxConcurrent when it is set, whatever the hasher reports', async () => {
    const hasher = countingHasher(6);
    await registerAtOnce(createFlowHarness({ config: { ...config, hashing: { maxConcurrent: 2 } }, hasher }), 10);
    expect(hasher.peak).toBe(2);
  });

  it('at 4 for a hasher that reports no capacity', async () => {
    const hasher = countingHasher();
    await registerAtOnce(createFlowHarness({ config, hasher }), 10);
    expect(hasher.peak).toBe(4);
  });

  it('refuses a hash beyond the cap and the queue with SERVICE_BUSY and a retry time', async () => {
    const hasher = countingHasher(1);
    const h = createFlowHarness({ config: { ...config, hashing: { maxQueued: 1 } }, hasher });
    const first = h.register();
    const second = h.register();
    const error = await expectAuthError(h.register(), 'SERVICE_BUSY');
    expect(error.retryAfterSeconds).toBe(1);
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
    expect(hasher.peak).toBe(1);
  });
});
