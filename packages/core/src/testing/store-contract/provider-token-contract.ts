import { describe, expect, it } from 'vitest';
import type { ProviderTokenRecord } from '../../ports/identity-store.js';
import { anIdentity, aUserWithoutEmail } from './identity-store-contract.js';
import { aUser, at, type StoreUnderTest } from './store-fixtures.js';

/** Sealed-looking tokens of `identity`; a real access token may be a JWT of several kilobytes. */
function tokensOf(identity: { id: string; userId: string }, overrides: Partial<ProviderTokenRecord> = {}): ProviderTokenRecord {
  return {
    identityId: identity.id,
    userId: identity.userId,
    accessToken: `v1.k1.${'A'.repeat(6000)}`,
    refreshToken: 'v1.k1.iv.refresh',
    accessTokenExpiresAt: at(3_600_000),
    scope: 'openid email offline_access',
    updatedAt: at(1),
    ...overrides,
  };
}

/** Provider tokens of an identity: stored as given, replaced, and gone with their identity or account. */
export function describeProviderTokenContract(subject: StoreUnderTest): void {
  describe('IdentityStore: provider tokens', () => {
    it('stores the tokens of an identity exactly as given and replaces them on the next save', async () => {
      const user = aUser();
      await subject.store().users.createUser(user);
      const identity = anIdentity(user);
      await subject.store().identities.linkIdentity(identity);
      const identities = subject.store().identities;

      expect(await identities.findProviderTokens(identity.id)).toBeNull();
      const first = tokensOf(identity);
      await identities.saveProviderTokens(first);
      expect(await identities.findProviderTokens(identity.id)).toEqual(first);

      const second = tokensOf(identity, {
        accessToken: 'v1.k1.iv.new',
        refreshToken: null,
        accessTokenExpiresAt: null,
        scope: null,
        updatedAt: at(2),
      });
      await identities.saveProviderTokens(second);
      expect(await identities.findProviderTokens(identity.id)).toEqual(second);
      expect(await identities.findProviderTokens('no-such-identity')).toBeNull();
    });

    it('of parallel saves for one identity, every one succeeds and one of them is kept', async () => {
      const user = aUser();
      await subject.store().users.createUser(user);
      const identity = anIdentity(user);
      await subject.store().identities.linkIdentity(identity);
      const saves = [1, 2, 3, 4].map((n) => tokensOf(identity, { accessToken: `v1.k1.iv.${n}` }));

      await Promise.all(saves.map((tokens) => subject.store().identities.saveProviderTokens(tokens)));
      expect(saves).toContainEqual(await subject.store().identities.findProviderTokens(identity.id));
    });

    it('writes nothing for an identity that is not linked, or not linked to that user', async () => {
      const [owner, other] = [aUser(), aUser()];
      await subject.store().users.createUser(owner);
      await subject.store().users.createUser(other);
      const identity = anIdentity(owner);
      await subject.store().identities.linkIdentity(identity);
      const identities = subject.store().identities;

      await identities.saveProviderTokens(tokensOf({ id: globalThis.crypto.randomUUID(), userId: owner.id }));
      await identities.saveProviderTokens(tokensOf({ id: identity.id, userId: other.id }));
      expect(await identities.findProviderTokens(identity.id)).toBeNull();
    });

    it('deletes the tokens with their identity when it is unlinked, and on request', async () => {
      const user = aUser();
      await subject.store().users.createUser(user);
      const [github, discord] = [anIdentity(user), anIdentity(user, { provider: 'discord' })];
      await subject.store().identities.linkIdentity(github);
      await subject.store().identities.linkIdentity(discord);
      const identities = subject.store().identities;
      await identities.saveProviderTokens(tokensOf(github));
      await identities.saveProviderTokens(tokensOf(discord));

      expect(await identities.unlinkIdentity(user.id, 'github')).toBe('unlinked');
      expect(await identities.findProviderTokens(github.id)).toBeNull();
      // Linking the provider again does not bring them back.
      await identities.linkIdentity({ ...github, id: globalThis.crypto.randomUUID() });
      expect(await identities.findProviderTokens(github.id)).toBeNull();

      await identities.deleteProviderTokens(discord.id);
      expect(await identities.findProviderTokens(discord.id)).toBeNull();
      await identities.deleteProviderTokens(discord.id);
    });

    it("keeps an identity's tokens when unlinking it is refused, and deletes them with the account", async () => {
      const user = aUserWithoutEmail();
      await subject.store().users.createUser(user);
      const identity = anIdentity(user);
      await subject.store().identities.linkIdentity(identity);
      await subject.store().identities.saveProviderTokens(tokensOf(identity));

      expect(await subject.store().identities.unlinkIdentity(user.id, 'github')).toBe('last-sign-in-method');
      expect(await subject.store().identities.findProviderTokens(identity.id)).toEqual(tokensOf(identity));
      expect(await subject.store().accounts.deleteUser(user.id)).toBe(true);
      expect(await subject.store().identities.findProviderTokens(identity.id)).toBeNull();
    });
  });
}
