import type { OneTimeTokenPurpose, OneTimeTokenStore } from '@gatehouse/core';
import type { MemoryState, StoredOneTimeToken } from './memory-state.js';

function activeToken(state: MemoryState, tokenHash: string, purpose: OneTimeTokenPurpose, now: Date): StoredOneTimeToken | null {
  const token = state.oneTimeTokens.get(tokenHash);
  if (!token || token.purpose !== purpose || token.consumedAt !== null) return null;
  return now.getTime() < token.expiresAt.getTime() ? token : null;
}

/** Consumes a token synchronously, so no other call can slip in between the check and the mark. */
export function consumeOneTimeTokenNow(
  state: MemoryState,
  tokenHash: string,
  purpose: OneTimeTokenPurpose,
  now: Date,
): { userId: string } | null {
  const token = activeToken(state, tokenHash, purpose, now);
  if (!token) return null;
  token.consumedAt = new Date(now.getTime());
  return { userId: token.userId };
}

/** Voids every unused token of `purpose` for a user synchronously. */
export function revokeOneTimeTokensNow(state: MemoryState, userId: string, purpose: OneTimeTokenPurpose, at: Date): void {
  for (const token of state.oneTimeTokens.values()) {
    if (token.userId === userId && token.purpose === purpose && token.consumedAt === null) {
      token.consumedAt = new Date(at.getTime());
    }
  }
}

/** One-time tokens (hashes only) keyed by hash. */
export function createMemoryOneTimeTokenStore(state: MemoryState): OneTimeTokenStore {
  return {
    async saveOneTimeToken(token) {
      state.oneTimeTokens.set(token.tokenHash, {
        ...token,
        createdAt: new Date(token.createdAt.getTime()),
        expiresAt: new Date(token.expiresAt.getTime()),
        consumedAt: null,
      });
    },

    async findActiveOneTimeToken(tokenHash, purpose, now) {
      const token = activeToken(state, tokenHash, purpose, now);
      return token ? { userId: token.userId } : null;
    },

    async consumeOneTimeToken(tokenHash, purpose, now) {
      return consumeOneTimeTokenNow(state, tokenHash, purpose, now);
    },

    async revokeOneTimeTokens(userId, purpose, at) {
      revokeOneTimeTokensNow(state, userId, purpose, at);
    },
  };
}
