import { describe, expect, it } from 'vitest';
import { aUser, at, comparable, type StoreUnderTest } from './store-fixtures.js';

/** `UserRecord.tokenVersion` and `UserStore.bumpTokenVersion` (logout-all, per-request revocation). */
export function describeTokenVersionContract(subject: StoreUnderTest): void {
  describe('UserStore: token version', () => {
    it('round-trips the tokenVersion a user was created with', async () => {
      const fresh = aUser({ tokenVersion: 0 });
      const migrated = aUser({ tokenVersion: 7 });
      await subject.store().users.createUser(fresh);
      await subject.store().users.createUser(migrated);

      expect((await subject.store().users.findUserById(fresh.id))?.tokenVersion).toBe(0);
      expect((await subject.store().users.findUserByEmail(migrated.email))?.tokenVersion).toBe(7);
      const listed = await subject.store().users.listUsers({ limit: 10, offset: 0 });
      expect(listed.map((user) => [user.id, user.tokenVersion])).toEqual(
        expect.arrayContaining([
          [fresh.id, 0],
          [migrated.id, 7],
        ]),
      );
    });

    it('bumps by one on each call, returns the new value and stamps updatedAt', async () => {
      const user = aUser({ tokenVersion: 4 });
      await subject.store().users.createUser(user);

      expect(await subject.store().users.bumpTokenVersion(user.id, at(10_000))).toBe(5);
      expect(await subject.store().users.bumpTokenVersion(user.id, at(20_000))).toBe(6);
      const found = await subject.store().users.findUserById(user.id);
      expect(found?.tokenVersion).toBe(6);
      expect(found?.updatedAt.getTime()).toBe(at(20_000).getTime());
      // Nothing else of the account moves.
      expect(comparable(found)).toEqual(comparable({ ...user, tokenVersion: 6, updatedAt: at(20_000) }));
    });

    it('gives each of ten parallel bumps its own value and ends ten higher', async () => {
      const user = aUser({ tokenVersion: 0 });
      await subject.store().users.createUser(user);

      const results = await Promise.all(Array.from({ length: 10 }, () => subject.store().users.bumpTokenVersion(user.id, at(1_000))));
      expect([...results].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect((await subject.store().users.findUserById(user.id))?.tokenVersion).toBe(10);
    });

    it('answers null for an unknown id and creates nobody', async () => {
      const ghost = globalThis.crypto.randomUUID();

      expect(await subject.store().users.bumpTokenVersion(ghost, at(1))).toBeNull();
      expect(await subject.store().users.findUserById(ghost)).toBeNull();
      expect(await subject.store().users.listUsers({ limit: 10, offset: 0 })).toEqual([]);
    });

    it('bumps only the addressed user', async () => {
      const target = aUser({ tokenVersion: 2 });
      const bystander = aUser({ tokenVersion: 2 });
      await subject.store().users.createUser(target);
      await subject.store().users.createUser(bystander);

      await subject.store().users.bumpTokenVersion(target.id, at(1));
      expect(comparable(await subject.store().users.findUserById(bystander.id))).toEqual(comparable(bystander));
    });
  });
}
