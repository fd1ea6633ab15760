import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthStore } from '../ports/auth-store.js';
import { describeAccountStoreContract } from './store-contract/account-store-contract.js';
import { describeAccountWithoutEmailContract } from './store-contract/account-without-email-contract.js';
import { describeCustomRoleContract } from './store-contract/custom-role-contract.js';
import { describeIdentityStoreContract } from './store-contract/identity-store-contract.js';
import { describeOAuthStateStoreContract } from './store-contract/oauth-state-store-contract.js';
import { describeProviderTokenContract } from './store-contract/provider-token-contract.js';
import { describeOneTimeTokenStoreContract } from './store-contract/one-time-token-store-contract.js';
import { describePasswordResetContract } from './store-contract/password-reset-contract.js';
import { describeRefreshTokenStoreContract } from './store-contract/refresh-token-store-contract.js';
import { describeRegistrationContract } from './store-contract/registration-contract.js';
import { describeSecondFactorStoreContract } from './store-contract/second-factor-store-contract.js';
import type { StoreUnderTest } from './store-contract/store-fixtures.js';
import { describeRoleChangeContract } from './store-contract/role-change-contract.js';
import { describeRevocationStoreContract } from './store-contract/revocation-store-contract.js';
import { describeSessionStoreContract } from './store-contract/session-store-contract.js';
import { describeTokenVersionContract } from './store-contract/token-version-contract.js';
import { describeUserListingContract } from './store-contract/user-listing-contract.js';
import { describeUserStoreContract } from './store-contract/user-store-contract.js';
import { describeUserUpdatesContract } from './store-contract/user-updates-contract.js';

/** A fresh, empty store for one test, and how to dispose of what the factory set up for it. */
export interface StoreContractSubject {
  store: AuthStore;
  /** Runs after the suite has closed `store`, e.g. to delete a temporary file or schema. */
  cleanup?: () => Promise<void>;
}

/**
 * Registers the behaviour every `AuthStore` must show, written once and run against each store:
 * case-insensitive uniqueness enforced atomically, single-use tokens consumed atomically, strict
 * expiry (`now >= expiresAt` is expired), the all-or-nothing password reset, atomic token-version
 * bumps, listing, and exact round-trips of dates and awkward strings.
 *
 * `makeStore` runs before every test and must return an empty store; the suite closes that store
 * after the test (so `close()` is exercised too) and then calls `cleanup`. Call it at the top level
 * of a test file (or inside a `describe`).
 *
 * @example
 * import { describeAuthStoreContract } from '@gatehousejs/core/testing';
 * import { createMemoryStore } from '@gatehousejs/store-memory';
 *
 * describeAuthStoreContract('memory store', async () => ({ store: createMemoryStore() }));
 */
export function describeAuthStoreContract(name: string, makeStore: () => Promise<StoreContractSubject>): void {
  describe(`${name} (AuthStore contract)`, () => {
    let current: StoreContractSubject | undefined;
    let closedByTest = false;

    beforeEach(async () => {
      closedByTest = false;
      current = await makeStore();
    });

    afterEach(async () => {
      const subject = current;
      current = undefined;
      if (!subject) return;
      try {
        if (!closedByTest) await subject.store.close();
      } finally {
        await subject.cleanup?.();
      }
    });

    const subject: StoreUnderTest = {
      store() {
        // A test that runs without beforeEach having produced a store is a harness bug, not a store bug.
        if (!current) throw new Error('describeAuthStoreContract: no store for this test (did makeStore fail?)');
        return current.store;
      },
      markClosed() {
        closedByTest = true;
      },
    };

    describeUserStoreContract(subject);
    describeUserUpdatesContract(subject);
    describeUserListingContract(subject);
    describeRoleChangeContract(subject);
    describeCustomRoleContract(subject);
    describeTokenVersionContract(subject);
    describeRefreshTokenStoreContract(subject);
    describeOneTimeTokenStoreContract(subject);
    describePasswordResetContract(subject);
    describeRegistrationContract(subject);
    describeIdentityStoreContract(subject);
    describeProviderTokenContract(subject);
    describeOAuthStateStoreContract(subject);
    describeAccountWithoutEmailContract(subject);
    describeSessionStoreContract(subject);
    describeAccountStoreContract(subject);
    describeRevocationStoreContract(subject);
    describeSecondFactorStoreContract(subject);

    describe('AuthStore.close', () => {
      it('releases the store and resolves', async () => {
        const store = subject.store();
        subject.markClosed();
        await expect(store.close()).resolves.toBeUndefined();
      });
    });
  });
}
