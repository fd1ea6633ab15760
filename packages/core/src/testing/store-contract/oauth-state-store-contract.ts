import { describe, expect, it } from 'vitest';
import type { OAuthStateRecord } from '../../ports/oauth-state-store.js';
import { at, type StoreUnderTest } from './store-fixtures.js';

function aState(overrides: Partial<OAuthStateRecord> = {}): OAuthStateRecord {
  const hex = () => Array.from(globalThis.crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
  return {
    stateHash: hex(),
    provider: 'google',
    browserKeyHash: hex(),
    redirectUri: 'https://app.example.com/signed-in?from=a%20b',
    nonce: 'n-0S6_WzA2Mj',
    linkUserId: null,
    createdAt: at(0),
    expiresAt: at(600_000),
    ...overrides,
  };
}

/** Single use, strict expiry and exact round-trips of social sign-ins under way. */
export function describeOAuthStateStoreContract(subject: StoreUnderTest): void {
  describe('OAuthStateStore', () => {
    it('gives a state back once, exactly as saved', async () => {
      const state = aState({ linkUserId: 'user-1', nonce: null });
      await subject.store().oauthStates.saveOAuthState(state);

      expect(await subject.store().oauthStates.consumeOAuthState(state.stateHash, at(1))).toEqual(state);
      expect(await subject.store().oauthStates.consumeOAuthState(state.stateHash, at(2))).toBeNull();
    });

    it('refuses an unknown state and one presented at or after its expiry', async () => {
      const state = aState();
      await subject.store().oauthStates.saveOAuthState(state);

      expect(await subject.store().oauthStates.consumeOAuthState('0'.repeat(64), at(1))).toBeNull();
      expect(await subject.store().oauthStates.consumeOAuthState(`${state.stateHash}\u0000`, at(1))).toBeNull();
      expect(await subject.store().oauthStates.consumeOAuthState(state.stateHash, at(600_000))).toBeNull();
    });

    it('of parallel takers of one state, exactly one gets it', async () => {
      const state = aState();
      await subject.store().oauthStates.saveOAuthState(state);

      const taken = await Promise.all(
        Array.from({ length: 6 }, () => subject.store().oauthStates.consumeOAuthState(state.stateHash, at(5))),
      );
      expect(taken.filter((t) => t !== null)).toHaveLength(1);
    });

    it('keeps states of other sign-ins usable while ended ones are cleared', async () => {
      const old = aState({ createdAt: at(0), expiresAt: at(1000) });
      const live = aState({ createdAt: at(0), expiresAt: at(600_000) });
      await subject.store().oauthStates.saveOAuthState(old);
      await subject.store().oauthStates.saveOAuthState(live);
      await subject.store().oauthStates.saveOAuthState(aState({ createdAt: at(2000), expiresAt: at(602_000) }));

      expect(await subject.store().oauthStates.consumeOAuthState(old.stateHash, at(500))).toBeNull();
      expect(await subject.store().oauthStates.consumeOAuthState(live.stateHash, at(3000))).toEqual(live);
    });
  });
}
