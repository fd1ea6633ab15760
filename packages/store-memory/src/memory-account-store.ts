import type { AccountStore } from '@gatehousejs/core/ports';
import { copyUser, uniqueKey, type MemoryState } from './memory-state.js';
import { revokeAllRefreshTokensNow } from './memory-refresh-token-store.js';
import { deleteSecondFactorsNow, type MemorySecondFactorState } from './memory-second-factor-stores.js';

/** Removes every entry of `map` whose value `belongs`; one synchronous pass. */
function deleteWhere<V>(map: Map<string, V>, belongs: (value: V) => boolean): void {
  for (const [key, value] of map) if (belongs(value)) map.delete(key);
}

/** Deleting and disabling accounts in memory: each in one synchronous step, so atomic. */
export function createMemoryAccountStore(state: MemoryState, factors: MemorySecondFactorState): AccountStore {
  return {
    async deleteUser(userId) {
      const user = state.users.get(userId);
      if (!user) return false;
      state.users.delete(userId);
      if (user.email !== null) state.userIdByEmailKey.delete(uniqueKey(user.email));
      state.userIdByUsernameKey.delete(uniqueKey(user.username));
      deleteWhere(state.refreshTokens, (token) => token.userId === userId);
      deleteWhere(state.sessions, (session) => session.userId === userId);
      deleteWhere(state.oneTimeTokens, (token) => token.userId === userId);
      deleteWhere(state.oauthStates, (oauthState) => oauthState.linkUserId === userId);
      for (const [id, identity] of state.identities) {
        if (identity.userId !== userId) continue;
        state.identities.delete(id);
        state.providerTokens.delete(id);
        deleteWhere(state.identityIdBySubjectKey, (value) => value === id);
        deleteWhere(state.identityIdByUserProviderKey, (value) => value === id);
      }
      deleteSecondFactorsNow(factors, userId);
      return true;
    },

    async setUserDisabled(userId, disabled, at) {
      const user = state.users.get(userId);
      if (!user) return null;
      // Disabling twice keeps the first time; enabling clears it.
      user.disabledAt = disabled ? (user.disabledAt ?? new Date(at.getTime())) : null;
      user.updatedAt = new Date(at.getTime());
      if (disabled) revokeAllRefreshTokensNow(state, userId, at);
      return copyUser(user);
    },
  };
}
