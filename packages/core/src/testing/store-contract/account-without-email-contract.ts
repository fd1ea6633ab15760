import { describe, expect, it } from 'vitest';
import { aOneTimeToken, aUser, at, comparable, expectAuthErrorCode, type StoreUnderTest } from './store-fixtures.js';
import { aUserWithoutEmail } from './identity-store-contract.js';

/** Accounts without an address or password, adding a confirmed address, and tokens that carry one. */
export function describeAccountWithoutEmailContract(subject: StoreUnderTest): void {
  describe('accounts without an e-mail address', () => {
    it('stores any number of accounts without an address and gives each back with email and passwordHash null', async () => {
      const users = [aUserWithoutEmail(), aUserWithoutEmail(), aUserWithoutEmail()];
      for (const user of users) await subject.store().users.createUser(user);

      for (const user of users) expect(comparable(await subject.store().users.findUserById(user.id))).toEqual(comparable(user));
      const listed = await subject.store().users.listUsers({ limit: 10, offset: 0 });
      expect(listed.map((u) => [u.email, u.passwordHash])).toEqual(users.map(() => [null, null]));
    });

    it('sets a confirmed address, which then finds the account and is taken for others', async () => {
      const user = aUserWithoutEmail();
      const other = aUser({ email: 'taken@example.com' });
      await subject.store().users.createUser(user);
      await subject.store().users.createUser(other);

      await expectAuthErrorCode(subject.store().users.setConfirmedEmail(user.id, 'taken@example.com', at(5)), 'EMAIL_TAKEN');
      expect(await subject.store().users.setConfirmedEmail(user.id, 'found@example.com', at(5))).toBe(true);
      expect(await subject.store().users.setConfirmedEmail('no-such-user', 'nobody@example.com', at(5))).toBe(false);

      const found = await subject.store().users.findUserByEmail('FOUND@example.com');
      expect(found).toMatchObject({ id: user.id, email: 'found@example.com', isActive: true, emailVerifiedAt: at(5), updatedAt: at(5) });
      await expectAuthErrorCode(subject.store().users.createUser(aUser({ email: 'found@example.com' })), 'EMAIL_TAKEN');
    });

    it('frees the old address when a confirmed one replaces it', async () => {
      const user = aUser({ email: 'old@example.com' });
      await subject.store().users.createUser(user);
      await subject.store().users.setConfirmedEmail(user.id, 'new@example.com', at(5));

      expect(await subject.store().users.findUserByEmail('old@example.com')).toBeNull();
      await subject.store().users.createUser(aUser({ email: 'old@example.com' }));
    });

    it('gives back the address an email-change token carries, and only for that token', async () => {
      const change = aOneTimeToken('user-1', 'email-change', { email: 'next@example.com' });
      const code = aOneTimeToken('user-1', 'oauth-sign-up');
      await subject.store().oneTimeTokens.saveOneTimeToken(change);
      await subject.store().oneTimeTokens.saveOneTimeToken(code);

      const tokens = subject.store().oneTimeTokens;
      expect(await tokens.findActiveOneTimeToken(change.tokenHash, 'email-change', at(1))).toEqual({
        userId: 'user-1',
        email: 'next@example.com',
      });
      expect(await tokens.consumeOneTimeToken(change.tokenHash, 'email-change', at(1))).toEqual({
        userId: 'user-1',
        email: 'next@example.com',
      });
      expect(await tokens.consumeOneTimeToken(code.tokenHash, 'oauth-sign-in', at(1))).toBeNull();
      expect(await tokens.consumeOneTimeToken(code.tokenHash, 'oauth-sign-up', at(1))).toEqual({ userId: 'user-1' });
    });
  });
}
