import { describe, expect, it } from 'vitest';
import type { IdentityRecord } from '../../ports/identity-store.js';
import type { UserRecord } from '../../ports/user-store.js';
import { aUser, at, expectAuthErrorCode, type StoreUnderTest } from './store-fixtures.js';

let sequence = 0;

/** A complete identity of `user` at `provider`; each call gets its own id and subject unless overridden. */
export function anIdentity(user: Pick<UserRecord, 'id'>, overrides: Partial<IdentityRecord> = {}): IdentityRecord {
  sequence++;
  return {
    id: globalThis.crypto.randomUUID(),
    userId: user.id,
    provider: 'github',
    issuer: 'https://github.com',
    subject: `${1000 + sequence}`,
    email: `octo${sequence}@example.com`,
    emailVerified: true,
    displayName: 'Octo Cat',
    avatarUrl: 'https://avatars.example.com/u/1?v=4',
    createdAt: at(sequence * 1000),
    lastLoginAt: at(sequence * 1000),
    ...overrides,
  };
}

/** An account made by a provider without e-mail and without a password (Steam, Battle.net). */
export function aUserWithoutEmail(overrides: Partial<UserRecord> = {}): UserRecord {
  return { ...aUser({ passwordHash: null }), email: null, ...overrides };
}

/** Linking, lookup, both unique keys, the atomic user-plus-identity insert and the last-way-in rule. */
export function describeIdentityStoreContract(subject: StoreUnderTest): void {
  describe('IdentityStore', () => {
    it('finds an identity by provider, issuer and subject, with every field as stored', async () => {
      const user = aUser();
      await subject.store().users.createUser(user);
      const identity = anIdentity(user, { displayName: 'Zoë 🦊 "O\'Brien"', email: null, emailVerified: false, avatarUrl: null });
      await subject.store().identities.linkIdentity(identity);

      const identities = subject.store().identities;
      expect(await identities.findIdentity('github', 'https://github.com', identity.subject)).toEqual(identity);
      expect(await identities.findIdentity('github', 'https://github.example', identity.subject)).toBeNull();
      expect(await identities.findIdentity('gitlab', 'https://github.com', identity.subject)).toBeNull();
      expect(await identities.findIdentity('github', 'https://github.com', `${identity.subject}\u0000`)).toBeNull();
    });

    it('refuses a second link of one provider account, even to another user, with IDENTITY_IN_USE', async () => {
      const [owner, other] = [aUser(), aUser()];
      await subject.store().users.createUser(owner);
      await subject.store().users.createUser(other);
      const identity = anIdentity(owner);
      await subject.store().identities.linkIdentity(identity);

      await expectAuthErrorCode(
        subject.store().identities.linkIdentity(anIdentity(other, { subject: identity.subject })),
        'IDENTITY_IN_USE',
      );
      expect(await subject.store().identities.listIdentitiesOfUser(other.id)).toEqual([]);
    });

    it('keeps one identity per provider and user, and tells issuers apart', async () => {
      const user = aUser();
      await subject.store().users.createUser(user);
      await subject
        .store()
        .identities.linkIdentity(anIdentity(user, { provider: 'oidc', issuer: 'https://idp-a.example', subject: 'same' }));

      await expectAuthErrorCode(
        subject.store().identities.linkIdentity(anIdentity(user, { provider: 'oidc', issuer: 'https://idp-b.example', subject: 'same' })),
        'IDENTITY_IN_USE',
      );
      const other = aUser();
      await subject.store().users.createUser(other);
      // The same subject at another issuer is another account.
      await subject
        .store()
        .identities.linkIdentity(anIdentity(other, { provider: 'oidc', issuer: 'https://idp-b.example', subject: 'same' }));
      expect((await subject.store().identities.findIdentity('oidc', 'https://idp-b.example', 'same'))?.userId).toBe(other.id);
    });

    it('of parallel links of one provider account, exactly one succeeds', async () => {
      const users = [aUser(), aUser(), aUser(), aUser()];
      for (const user of users) await subject.store().users.createUser(user);
      const outcomes = await Promise.allSettled(
        users.map((user) => subject.store().identities.linkIdentity(anIdentity(user, { subject: 'race' }))),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    });

    it("lists a user's identities oldest first and records a sign-in with the fresh profile", async () => {
      const user = aUser();
      await subject.store().users.createUser(user);
      const later = anIdentity(user, { provider: 'discord', createdAt: at(9_000_000), lastLoginAt: at(9_000_000) });
      const first = anIdentity(user, { createdAt: at(1), lastLoginAt: at(1) });
      await subject.store().identities.linkIdentity(later);
      await subject.store().identities.linkIdentity(first);

      const profile = { email: 'new@example.com', emailVerified: false, displayName: 'New Name', avatarUrl: null };
      await subject.store().identities.recordIdentityLogin(first.id, profile, at(10_000_000));

      const listed = await subject.store().identities.listIdentitiesOfUser(user.id);
      expect(listed.map((identity) => identity.provider)).toEqual(['github', 'discord']);
      expect(listed[0]).toEqual({ ...first, ...profile, lastLoginAt: at(10_000_000) });
    });

    it('creates a user with its identity, or neither when the identity is taken', async () => {
      const user = aUserWithoutEmail({ username: 'steam_1' });
      const identity = anIdentity(user, { provider: 'steam', issuer: 'https://steamcommunity.com/openid', subject: '76561197960287930' });
      await subject.store().createUserWithIdentity(user, identity);
      expect((await subject.store().users.findUserById(user.id))?.email).toBeNull();
      expect(await subject.store().identities.findIdentity('steam', identity.issuer, identity.subject)).toEqual(identity);

      const second = aUserWithoutEmail({ username: 'steam_2' });
      await expectAuthErrorCode(
        subject
          .store()
          .createUserWithIdentity(second, anIdentity(second, { ...identity, id: globalThis.crypto.randomUUID(), userId: second.id })),
        'IDENTITY_IN_USE',
      );
      expect(await subject.store().users.findUserById(second.id)).toBeNull();

      const clash = aUser({ username: 'steam_1' });
      await expectAuthErrorCode(subject.store().createUserWithIdentity(clash, anIdentity(clash)), 'USERNAME_TAKEN');
      expect(await subject.store().identities.listIdentitiesOfUser(clash.id)).toEqual([]);
    });

    it('unlinks an identity unless it is the last way to sign in', async () => {
      const user = aUserWithoutEmail();
      await subject.store().users.createUser(user);
      await subject.store().identities.linkIdentity(anIdentity(user, { provider: 'github' }));
      await subject.store().identities.linkIdentity(anIdentity(user, { provider: 'discord' }));
      const identities = subject.store().identities;

      expect(await identities.unlinkIdentity(user.id, 'gitlab')).toBe('not-linked');
      expect(await identities.unlinkIdentity(user.id, 'github')).toBe('unlinked');
      expect(await identities.unlinkIdentity(user.id, 'github')).toBe('not-linked');
      expect(await identities.unlinkIdentity(user.id, 'discord')).toBe('last-sign-in-method');
      expect((await identities.listIdentitiesOfUser(user.id)).map((i) => i.provider)).toEqual(['discord']);
    });

    it('lets a user with a password unlink every identity', async () => {
      const user = aUser();
      await subject.store().users.createUser(user);
      await subject.store().identities.linkIdentity(anIdentity(user));
      expect(await subject.store().identities.unlinkIdentity(user.id, 'github')).toBe('unlinked');
      expect(await subject.store().identities.listIdentitiesOfUser(user.id)).toEqual([]);
    });

    it("of parallel unlinks of a passwordless user's last two identities, one is refused", async () => {
      const user = aUserWithoutEmail();
      await subject.store().users.createUser(user);
      await subject.store().identities.linkIdentity(anIdentity(user, { provider: 'github' }));
      await subject.store().identities.linkIdentity(anIdentity(user, { provider: 'discord' }));

      const outcomes = await Promise.all(['github', 'discord'].map((p) => subject.store().identities.unlinkIdentity(user.id, p)));
      expect(outcomes.sort()).toEqual(['last-sign-in-method', 'unlinked']);
      expect(await subject.store().identities.listIdentitiesOfUser(user.id)).toHaveLength(1);
    });
  });
}
