import type { OneTimeTokenOwner, OneTimeTokenPurpose, OneTimeTokenStore } from '@gatehousejs/core/ports';
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
): OneTimeTokenOwner | null {
  const token = activeToken(state, tokenHash, purpose, now);
  if (!token) return null;
  token.consumedAt = new Date(now.getTime());
  return ownerOf(token);
}

/** The owner, with the address only for a token that carries one (so `{ userId }` stays exactly that). */
function ownerOf(token: StoredOneTimeToken): OneTimeTokenOwner {
  return token.email == null ? { userId: token.userId } : { userId: token.userId, email: token.email };
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
      return token ? ownerOf(token) : null;
    },

    async consumeOneTimeToken(tokenHash, purpose, now) {
      return consumeOneTimeTokenNow(state, tokenHash, purpose, now);
    },

    async deleteEndedOneTimeTokens(now) {
      let deleted = 0;
      for (const [hash, token] of state.oneTimeTokens) {
        if (token.consumedAt !== null || token.expiresAt.getTime() <= now.getTime()) {
          state.oneTimeTokens.delete(hash);
          deleted++;
        }
      }
      return deleted;
    },

    async revokeOneTimeTokens(userId, purpose, at) {
      revokeOneTimeTokensNow(state, userId, purpose, at);
    },
  };
}
