import { describe, expect, it } from 'vitest';
import { anIdentity } from './identity-store-contract.js';
import { aOneTimeToken, aRefreshToken, aUser, at, comparable, type StoreUnderTest } from './store-fixtures.js';

const DEVICE = { authTime: at(0), amr: ['pwd'], userAgent: 'test', ipAddress: '192.0.2.1' };

/** `AccountStore`: deleting and disabling accounts, each atomic. */
export function describeAccountStoreContract(subject: StoreUnderTest): void {
  describe('AccountStore: deleteUser', () => {
    it('deletes the user with its roles, tokens, sessions, identities and links under way, and frees its address and username', async () => {
      const store = subject.store();
      const user = aUser({ roles: ['admin', 'user'] });
      const token = aRefreshToken(user.id, { session: DEVICE });
      await store.createUserWithRefreshToken(user, token);
      const identity = anIdentity(user);
      await store.identities.linkIdentity(identity);
      const reset = aOneTimeToken(user.id, 'password-reset');
      await store.oneTimeTokens.saveOneTimeToken(reset);
      const stateHash = 'a'.repeat(64);
      await store.oauthStates.saveOAuthState({
        stateHash,
        provider: 'github',
        browserKeyHash: 'b'.repeat(64),
        redirectUri: 'https://app.example/done',
        nonce: null,
        linkUserId: user.id,
        createdAt: at(0),
        expiresAt: at(600_000),
      });

      expect(await store.accounts.deleteUser(user.id)).toBe(true);

      expect(await store.users.findUserById(user.id)).toBeNull();
      expect(await store.users.findUserByEmail(user.email)).toBeNull();
      expect(await store.users.usernameExists(user.username)).toBe(false);
      expect(await store.users.listUsersByRole('admin')).toEqual([]);
      expect(await store.refreshTokens.consumeRefreshToken(token.jti, user.id, at(1))).toBe(false);
      expect(await store.sessions.listSessions(user.id, at(1))).toEqual([]);
      expect(await store.identities.findIdentity(identity.provider, identity.issuer, identity.subject)).toBeNull();
      expect(await store.oneTimeTokens.consumeOneTimeToken(reset.tokenHash, 'password-reset', at(1))).toBeNull();
      expect(await store.oauthStates.consumeOAuthState(stateHash, at(1))).toBeNull();

      // The address, the username and the provider account can register again.
      const again = aUser({ email: user.email, username: user.username });
      await store.users.createUser(again);
      await store.identities.linkIdentity(anIdentity(again, { subject: identity.subject }));
      expect((await store.users.findUserByEmail(user.email))?.id).toBe(again.id);
    });

    it('deletes the second factors with the user: its authenticator app and recovery codes', async () => {
      const store = subject.store();
      const user = aUser();
      await store.createUserWithRefreshToken(user, aRefreshToken(user.id, { session: DEVICE }));
      await store.totpFactors.savePendingTotpFactor({ userId: user.id, secretCiphertext: 'v1.k.a.b', createdAt: at(0) });
      await store.recoveryCodes.replaceRecoveryCodes(user.id, ['a'.repeat(64), 'b'.repeat(64)], at(0));

      expect(await store.accounts.deleteUser(user.id)).toBe(true);

      expect(await store.totpFactors.findTotpFactor(user.id)).toBeNull();
      expect(await store.recoveryCodes.countRecoveryCodes(user.id)).toBe(0);
      expect(await store.passkeys.listPasskeys(user.id)).toEqual([]);
    });

    it('answers false for an unknown id and touches nobody else', async () => {
      const store = subject.store();
      const bystander = aUser();
      const token = aRefreshToken(bystander.id, { session: DEVICE });
      await store.createUserWithRefreshToken(bystander, token);
      expect(await store.accounts.deleteUser(globalThis.crypto.randomUUID())).toBe(false);
      expect(comparable(await store.users.findUserById(bystander.id))).toEqual(comparable(bystander));
      expect(await store.sessions.listSessions(bystander.id, at(1))).toHaveLength(1);
    });

    it('deletes the user once when two deletions race', async () => {
      const store = subject.store();
      const user = aUser();
      await store.users.createUser(user);
      const results = await Promise.all([store.accounts.deleteUser(user.id), store.accounts.deleteUser(user.id)]);
      expect([...results].sort()).toEqual([false, true]);
    });
  });

  describe('AccountStore: setUserDisabled', () => {
    it('disables a user, revokes every refresh token and ends every session in the same step', async () => {
      const store = subject.store();
      const user = aUser();
      const first = aRefreshToken(user.id, { session: DEVICE });
      await store.createUserWithRefreshToken(user, first);
      const second = aRefreshToken(user.id, { session: DEVICE });
      await store.refreshTokens.saveRefreshToken(second);

      const disabled = await store.accounts.setUserDisabled(user.id, true, at(5_000));
      expect(disabled).toMatchObject({ id: user.id, disabledAt: at(5_000), updatedAt: at(5_000) });
      expect((await store.users.findUserById(user.id))?.disabledAt).toEqual(at(5_000));
      expect(await store.refreshTokens.consumeRefreshToken(first.jti, user.id, at(6_000))).toBe(false);
      expect(await store.refreshTokens.isRefreshTokenFamilyRevoked(second.familyId)).toBe(true);
      expect(await store.sessions.listSessions(user.id, at(6_000))).toEqual([]);
    });

    it('keeps the first disabledAt when disabled twice, and clears it when enabled', async () => {
      const store = subject.store();
      const user = aUser();
      await store.users.createUser(user);
      await store.accounts.setUserDisabled(user.id, true, at(1_000));
      expect((await store.accounts.setUserDisabled(user.id, true, at(2_000)))?.disabledAt).toEqual(at(1_000));
      const enabled = await store.accounts.setUserDisabled(user.id, false, at(3_000));
      expect(enabled?.disabledAt).toBeNull();
      expect(comparable(await store.users.findUserById(user.id))).toEqual(comparable({ ...user, disabledAt: null, updatedAt: at(3_000) }));
    });

    it('enables without touching the sessions of an enabled user', async () => {
      const store = subject.store();
      const user = aUser();
      const token = aRefreshToken(user.id, { session: DEVICE });
      await store.createUserWithRefreshToken(user, token);
      await store.accounts.setUserDisabled(user.id, false, at(1_000));
      expect(await store.refreshTokens.consumeRefreshToken(token.jti, user.id, at(2_000))).toBe(true);
    });

    it('answers null for an unknown id', async () => {
      expect(await subject.store().accounts.setUserDisabled(globalThis.crypto.randomUUID(), true, at(1))).toBeNull();
    });
  });
}
