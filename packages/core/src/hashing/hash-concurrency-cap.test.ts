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

describe('createAuth caps strength estimates apart from the hashes', () => {
  /** A hasher whose estimates take 5 ms each, recording how many hashes and estimates it held at once. */
  function estimatingHasher(capacity: number) {
    const hasher = countingHasher(capacity);
    const counts = { estimates: 0, estimatesPeak: 0, hashes: 0, togetherPeak: 0 };
    const estimating: PasswordHasher = {
      ...hasher,
      capacity,
      async estimatePasswordStrength(password) {
        counts.estimates++;
        counts.estimatesPeak = Math.max(counts.estimatesPeak, counts.estimates);
        counts.togetherPeak = Math.max(counts.togetherPeak, counts.estimates + counts.hashes);
        try {
          await new Promise((resolve) => setTimeout(resolve, 5));
          return { score: password.length > 8 ? 4 : 0, warning: null };
        } finally {
          counts.estimates--;
        }
      },
      async hash(password) {
        counts.hashes++;
        counts.togetherPeak = Math.max(counts.togetherPeak, counts.estimates + counts.hashes);
        try {
          return await hasher.hash(password);
        } finally {
          counts.hashes--;
        }
      },
    };
    return { estimating, hasher, counts };
  }

  it('holds at most the cap in estimates at once, and as many hashes beside them', async () => {
    const { estimating, hasher, counts } = estimatingHasher(2);
    await registerAtOnce(createFlowHarness({ config: { rateLimit: { enabled: false } }, hasher: estimating }), 8);
    expect(counts.estimatesPeak).toBe(2);
    expect(hasher.peak).toBe(2);
    // Apart: estimates in their slots never took the slots the hashes of earlier registrations needed.
    expect(counts.togetherPeak).toBeGreaterThan(2);
  });

  it('refuses an estimate beyond the cap and the queue with SERVICE_BUSY', async () => {
    const { estimating } = estimatingHasher(1);
    const h = createFlowHarness({ config: { rateLimit: { enabled: false }, hashing: { maxQueued: 1 } }, hasher: estimating });
    const first = h.register();
    const second = h.register();
    await expectAuthError(h.register(), 'SERVICE_BUSY');
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
  });
});
