import type { RefreshTokenStore } from '@gatehousejs/core';
import type { MemoryState, StoredRefreshToken } from './memory-state.js';

function revokeWhere(state: MemoryState, matches: (token: StoredRefreshToken) => boolean, at: Date): void {
  for (const token of state.refreshTokens.values()) {
    // The first revocation time is the one worth keeping for an audit.
    if (matches(token) && token.revokedAt === null) token.revokedAt = new Date(at.getTime());
  }
}

/** Revokes every refresh token of a user synchronously; shared with the password reset. */
export function revokeAllRefreshTokensNow(state: MemoryState, userId: string, at: Date): void {
  revokeWhere(state, (token) => token.userId === userId, at);
}

/** Refresh-token rotation state; `consumeRefreshToken` checks and marks in one synchronous step. */
export function createMemoryRefreshTokenStore(state: MemoryState): RefreshTokenStore {
  return {
    async saveRefreshToken(token) {
      state.refreshTokens.set(token.jti, {
        ...token,
        issuedAt: new Date(token.issuedAt.getTime()),
        expiresAt: new Date(token.expiresAt.getTime()),
        usedAt: null,
        revokedAt: null,
      });
    },

    async consumeRefreshToken(jti, userId, now) {
      const token = state.refreshTokens.get(jti);
      if (!token || token.userId !== userId || token.usedAt !== null || token.revokedAt !== null) return false;
      if (now.getTime() >= token.expiresAt.getTime()) return false;
      token.usedAt = new Date(now.getTime());
      return true;
    },

    async findRefreshTokenUse(jti, userId) {
      const token = state.refreshTokens.get(jti);
      if (!token || token.userId !== userId || token.revokedAt !== null || token.usedAt === null) return null;
      return new Date(token.usedAt.getTime());
    },

    async isRefreshTokenFamilyRevoked(familyId) {
      for (const token of state.refreshTokens.values()) if (token.familyId === familyId && token.revokedAt !== null) return true;
      return false;
    },

    async deleteRefreshTokensExpiredBefore(before) {
      let deleted = 0;
      for (const [jti, token] of state.refreshTokens) {
        if (token.expiresAt.getTime() <= before.getTime()) {
          state.refreshTokens.delete(jti);
          deleted++;
        }
      }
      return deleted;
    },

    async revokeRefreshTokenFamily(familyId, at) {
      revokeWhere(state, (token) => token.familyId === familyId, at);
    },

    async revokeAllRefreshTokens(userId, at) {
      revokeAllRefreshTokensNow(state, userId, at);
    },
  };
}
