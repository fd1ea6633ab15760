import { describe, expect, it } from 'vitest';
import { aRefreshToken, aUser, at, expectAuthErrorCode, type StoreUnderTest } from './store-fixtures.js';

const NOW = at(60_000);

/** A registration's account and first session: stored together or not at all. */
export function describeRegistrationContract(subject: StoreUnderTest): void {
  describe('AuthStore.createUserWithRefreshToken', () => {
    it('stores the user and its refresh token together', async () => {
      const user = aUser();
      const token = aRefreshToken(user.id);
      await subject.store().createUserWithRefreshToken(user, token);

      expect((await subject.store().users.findUserByEmail(user.email))?.id).toBe(user.id);
      expect(await subject.store().refreshTokens.consumeRefreshToken(token.jti, user.id, NOW)).toBe(true);
    });

    it('refuses a taken e-mail with EMAIL_TAKEN and keeps no refresh token for the refused user', async () => {
      const first = aUser();
      await subject.store().users.createUser(first);
      const clash = aUser({ email: first.email });
      const token = aRefreshToken(clash.id);

      await expectAuthErrorCode(subject.store().createUserWithRefreshToken(clash, token), 'EMAIL_TAKEN');
      expect(await subject.store().users.findUserById(clash.id)).toBeNull();
      expect(await subject.store().refreshTokens.consumeRefreshToken(token.jti, clash.id, NOW)).toBe(false);
    });

    it('keeps no user when its refresh token cannot be stored (a jti already taken)', async () => {
      const owner = aUser();
      const stored = aRefreshToken(owner.id);
      await subject.store().createUserWithRefreshToken(owner, stored);
      const user = aUser();

      await expect(subject.store().createUserWithRefreshToken(user, { ...stored, userId: user.id })).rejects.toBeDefined();
      expect(await subject.store().users.findUserByEmail(user.email)).toBeNull();
      expect(await subject.store().users.usernameExists(user.username)).toBe(false);
      // The stored token is untouched and still its owner's.
      expect(await subject.store().refreshTokens.consumeRefreshToken(stored.jti, owner.id, NOW)).toBe(true);
    });
  });
}
