import { AuthError } from '@gatehousejs/core';
import type { IdentityRecord, IdentityStore, ProviderTokenRecord } from '@gatehousejs/core/ports';
import type { MemoryState } from './memory-state.js';

const subjectKey = (provider: string, issuer: string, subject: string) => JSON.stringify([provider, issuer, subject]);
const userProviderKey = (userId: string, provider: string) => JSON.stringify([userId, provider]);

function copyTokens(tokens: ProviderTokenRecord): ProviderTokenRecord {
  const expiresAt = tokens.accessTokenExpiresAt;
  return {
    ...tokens,
    accessTokenExpiresAt: expiresAt ? new Date(expiresAt.getTime()) : null,
    updatedAt: new Date(tokens.updatedAt.getTime()),
  };
}

function copyIdentity(identity: IdentityRecord): IdentityRecord {
  return { ...identity, createdAt: new Date(identity.createdAt.getTime()), lastLoginAt: new Date(identity.lastLoginAt.getTime()) };
}

/**
 * Checks both unique keys and inserts, synchronously; shared with `createUserWithIdentity`. Call
 * `assertIdentityFree` first when something else must happen between check and insert.
 */
export function assertIdentityFree(state: MemoryState, identity: IdentityRecord): void {
  if (state.identityIdBySubjectKey.has(subjectKey(identity.provider, identity.issuer, identity.subject))) {
    throw new AuthError('IDENTITY_IN_USE');
  }
  if (state.identityIdByUserProviderKey.has(userProviderKey(identity.userId, identity.provider))) {
    throw new AuthError('IDENTITY_IN_USE');
  }
}

export function linkIdentityNow(state: MemoryState, identity: IdentityRecord): void {
  assertIdentityFree(state, identity);
  state.identities.set(identity.id, copyIdentity(identity));
  state.identityIdBySubjectKey.set(subjectKey(identity.provider, identity.issuer, identity.subject), identity.id);
  state.identityIdByUserProviderKey.set(userProviderKey(identity.userId, identity.provider), identity.id);
}

/** Linked identities over plain maps; each call checks and writes in one synchronous step. */
export function createMemoryIdentityStore(state: MemoryState): IdentityStore {
  const ofUser = (userId: string) =>
    [...state.identities.values()]
      .filter((identity) => identity.userId === userId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));

  return {
    async linkIdentity(identity) {
      linkIdentityNow(state, identity);
    },

    async findIdentity(provider, issuer, subject) {
      const id = state.identityIdBySubjectKey.get(subjectKey(provider, issuer, subject));
      const identity = id === undefined ? undefined : state.identities.get(id);
      return identity ? copyIdentity(identity) : null;
    },

    async listIdentitiesOfUser(userId) {
      return ofUser(userId).map(copyIdentity);
    },

    async recordIdentityLogin(id, profile, at) {
      const identity = state.identities.get(id);
      if (!identity) return;
      Object.assign(identity, {
        email: profile.email,
        emailVerified: profile.emailVerified,
        displayName: profile.displayName,
        avatarUrl: profile.avatarUrl,
        lastLoginAt: new Date(at.getTime()),
      });
    },

    async unlinkIdentity(userId, provider) {
      const id = state.identityIdByUserProviderKey.get(userProviderKey(userId, provider));
      const identity = id === undefined ? undefined : state.identities.get(id);
      if (!identity) return 'not-linked';
      const hasPassword = (state.users.get(userId)?.passwordHash ?? null) !== null;
      if (!hasPassword && ofUser(userId).length <= 1) return 'last-sign-in-method';
      state.identities.delete(identity.id);
      state.providerTokens.delete(identity.id);
      state.identityIdBySubjectKey.delete(subjectKey(identity.provider, identity.issuer, identity.subject));
      state.identityIdByUserProviderKey.delete(userProviderKey(userId, provider));
      return 'unlinked';
    },

    async saveProviderTokens(tokens) {
      if (state.identities.get(tokens.identityId)?.userId !== tokens.userId) return;
      state.providerTokens.set(tokens.identityId, copyTokens(tokens));
    },

    async findProviderTokens(identityId) {
      const tokens = state.providerTokens.get(identityId);
      return tokens ? copyTokens(tokens) : null;
    },

    async deleteProviderTokens(identityId) {
      state.providerTokens.delete(identityId);
    },
  };
}
