import type { OAuthStateRecord, OAuthStateStore } from '@gatehousejs/core/ports';
import type { MemoryState } from './memory-state.js';

const copyState = (state: OAuthStateRecord): OAuthStateRecord => ({
  stateHash: state.stateHash,
  provider: state.provider,
  browserKeyHash: state.browserKeyHash,
  redirectUri: state.redirectUri,
  nonce: state.nonce,
  linkUserId: state.linkUserId,
  createdAt: new Date(state.createdAt.getTime()),
  expiresAt: new Date(state.expiresAt.getTime()),
});

/** Social sign-ins under way, keyed by the hash of `state`; taking one is a single synchronous step. */
export function createMemoryOAuthStateStore(state: MemoryState): OAuthStateStore {
  return {
    async saveOAuthState(record) {
      // Ended sign-ins are dropped as new ones start, so abandoned flows do not pile up.
      const now = record.createdAt.getTime();
      for (const [key, stored] of state.oauthStates) {
        if (stored.consumedAt !== null || stored.expiresAt.getTime() <= now) state.oauthStates.delete(key);
      }
      state.oauthStates.set(record.stateHash, { ...copyState(record), consumedAt: null });
    },

    async consumeOAuthState(stateHash, now) {
      const stored = state.oauthStates.get(stateHash);
      if (!stored || stored.consumedAt !== null || now.getTime() >= stored.expiresAt.getTime()) return null;
      stored.consumedAt = new Date(now.getTime());
      return copyState(stored);
    },
  };
}
