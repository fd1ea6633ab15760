import type { RefreshTokenRecord, RefreshTokenStore } from '@gatehousejs/core/ports';
import type { MemoryState, StoredRefreshToken } from './memory-state.js';
import { startSessionNow } from './memory-session-store.js';

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

/**
 * Refuses a `jti` already stored, as a SQL primary key would. Only `createUserWithRefreshToken`
 * checks it (all or nothing); `saveRefreshToken` replaces a row, which some tests use to tamper.
 */
export function assertRefreshTokenNew(state: MemoryState, jti: string): void {
  if (state.refreshTokens.has(jti)) throw new Error('A refresh token with this jti is already stored.');
}

/** Stores a refresh token synchronously; shared with `createUserWithRefreshToken`. */
export function saveRefreshTokenNow(state: MemoryState, token: RefreshTokenRecord): void {
  const { session, ...record } = token;
  if (session) startSessionNow(state, token, session);
  state.refreshTokens.set(token.jti, {
    ...record,
    issuedAt: new Date(token.issuedAt.getTime()),
    expiresAt: new Date(token.expiresAt.getTime()),
    usedAt: null,
    revokedAt: null,
  });
}

/** Refresh-token rotation state; `consumeRefreshToken` checks and marks in one synchronous step. */
export function createMemoryRefreshTokenStore(state: MemoryState): RefreshTokenStore {
  return {
    async saveRefreshToken(token) {
      saveRefreshTokenNow(state, token);
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
