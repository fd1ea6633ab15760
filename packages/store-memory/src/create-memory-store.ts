import type { AuthStore } from '@gatehousejs/core/ports';
import { assertIdentityFree, createMemoryIdentityStore, linkIdentityNow } from './memory-identity-store.js';
import { createMemoryAccountStore } from './memory-account-store.js';
import { createMemoryOAuthStateStore } from './memory-oauth-state-store.js';
import { createMemoryRevocationStore } from './memory-revocation-store.js';
import { createMemorySessionStore } from './memory-session-store.js';
import { consumeOneTimeTokenNow, createMemoryOneTimeTokenStore, revokeOneTimeTokensNow } from './memory-one-time-token-store.js';
import {
  assertRefreshTokenNew,
  createMemoryRefreshTokenStore,
  revokeAllRefreshTokensNow,
  saveRefreshTokenNow,
} from './memory-refresh-token-store.js';
import { createMemoryState } from './memory-state.js';
import {
  createMemoryChallengeStore,
  createMemoryPasskeyStore,
  createMemoryRecoveryCodeStore,
  createMemorySecondFactorState,
  createMemoryTotpFactorStore,
} from './memory-second-factor-stores.js';
import { bumpTokenVersionNow, changePasswordNow, createMemoryUserStore, createUserNow } from './memory-user-store.js';

/**
 * An `AuthStore` that keeps everything in the process's memory: for tests, demos and
 * single-process apps. Data is lost on restart. Every operation finishes its check and its write
 * in one synchronous step, which makes it atomic on JavaScript's single thread; every record handed
 * in or out is copied, so callers never share state with the store.
 *
 * @example
 * import { createAuth } from '@gatehousejs/core';
 * import { createMemoryStore } from '@gatehousejs/store-memory';
 *
 * const store = createMemoryStore();
 * const auth = createAuth({ store, ... });
 */
export function createMemoryStore(): AuthStore {
  const state = createMemoryState();
  const factors = createMemorySecondFactorState();
  return {
    users: createMemoryUserStore(state),
    refreshTokens: createMemoryRefreshTokenStore(state),
    oneTimeTokens: createMemoryOneTimeTokenStore(state),
    identities: createMemoryIdentityStore(state),
    oauthStates: createMemoryOAuthStateStore(state),
    sessions: createMemorySessionStore(state),
    accounts: createMemoryAccountStore(state, factors),
    revocations: createMemoryRevocationStore(),
    totpFactors: createMemoryTotpFactorStore(factors),
    recoveryCodes: createMemoryRecoveryCodeStore(factors),
    passkeys: createMemoryPasskeyStore(factors),
    challenges: createMemoryChallengeStore(factors),

    async createUserWithIdentity(user, identity) {
      // Both checks before either write, in one synchronous step: all or nothing.
      assertIdentityFree(state, identity);
      createUserNow(state, user);
      linkIdentityNow(state, identity);
    },

    async createUserWithRefreshToken(user, refreshToken) {
      // The token's check before the user's write, in one synchronous step: all or nothing.
      assertRefreshTokenNew(state, refreshToken.jti);
      createUserNow(state, user);
      saveRefreshTokenNow(state, refreshToken);
    },

    async completePasswordReset({ tokenHash, passwordHash, now }) {
      // No await in here: the whole reset happens in one turn of the event loop, like one transaction.
      const owner = consumeOneTimeTokenNow(state, tokenHash, 'password-reset', now);
      if (!owner) return null;
      changePasswordNow(state, owner.userId, passwordHash, now);
      revokeOneTimeTokensNow(state, owner.userId, 'password-reset', now);
      revokeAllRefreshTokensNow(state, owner.userId, now);
      bumpTokenVersionNow(state, owner.userId, now);
      return { userId: owner.userId };
    },

    async close() {
      // Nothing to release; the data stays readable so a late request during shutdown does not crash.
    },
  };
}
