import { afterEach, beforeEach, describe } from 'vitest';
import type { RateLimiter } from '../../ports/rate-limiter.js';
import type { LimiterUnderTest } from './rate-limiter-fixtures.js';
import { describeRateLimiterKeysContract } from './rate-limiter-keys-contract.js';
import { describeRateLimiterWindowContract } from './rate-limiter-window-contract.js';

/** A fresh limiter with no hits for one test, and how to dispose of what the factory set up for it. */
export interface RateLimiterContractSubject {
  limiter: RateLimiter;
  /** Runs after the test, e.g. to close a connection or delete the keys the test made. */
  cleanup?: () => Promise<void>;
}

/**
 * Registers the behaviour every `RateLimiter` must show, written once and run against each one:
 * counting from 1 in fixed windows that start at a key's first hit and end exactly `windowSeconds`
 * later, the limit boundary (the limit-th hit allowed, the next refused), `peek` that does not
 * count, `retryAfterSeconds` rounded up, `reset`, independent keys stored as data, and atomic hits
 * (twenty parallel hits count 1 to 20, each once). Time comes only from the `now` arguments.
 *
 * `makeLimiter` runs before every test and must return a limiter without hits.
 *
 * @example
 * import { createMemoryRateLimiter } from '@gatehousejs/core';
 * import { describeRateLimiterContract } from '@gatehousejs/core/testing';
 *
 * describeRateLimiterContract('memory rate limiter', async () => ({ limiter: createMemoryRateLimiter() }));
 */
export function describeRateLimiterContract(name: string, makeLimiter: () => Promise<RateLimiterContractSubject>): void {
  describe(`${name} (RateLimiter contract)`, () => {
    let current: RateLimiterContractSubject | undefined;

    beforeEach(async () => {
      current = await makeLimiter();
    });

    afterEach(async () => {
      const finished = current;
      current = undefined;
      await finished?.cleanup?.();
    });

    const subject: LimiterUnderTest = {
      limiter() {
        // A test that runs without beforeEach having produced a limiter is a harness bug.
        if (!current) throw new Error('describeRateLimiterContract: no limiter for this test (did makeLimiter fail?)');
        return current.limiter;
      },
    };

    describeRateLimiterWindowContract(subject);
    describeRateLimiterKeysContract(subject);
  });
}
