import { describe, expect, it } from 'vitest';
import { aUser, at, idsOf, seedUsers, sortedRoles, type StoreUnderTest } from './store-fixtures.js';

/** `listUsers` (ordering, paging) and `listUsersByRole`. */
export function describeUserListingContract(subject: StoreUnderTest): void {
  describe('UserStore: listing users', () => {
    it('lists users by creation time, oldest first, whatever the insertion order', async () => {
      const oldest = aUser({ createdAt: at(1_000) });
      const middle = aUser({ createdAt: at(2_000) });
      const newest = aUser({ createdAt: at(3_000) });
      await seedUsers(subject.store(), [middle, newest, oldest]);

      expect(idsOf(await subject.store().users.listUsers({ limit: 10, offset: 0 }))).toEqual(idsOf([oldest, middle, newest]));
    });

    it('orders users created one millisecond apart', async () => {
      const first = aUser({ createdAt: at(5_000) });
      const second = aUser({ createdAt: at(5_001) });
      await seedUsers(subject.store(), [second, first]);

      expect(idsOf(await subject.store().users.listUsers({ limit: 10, offset: 0 }))).toEqual(idsOf([first, second]));
    });

    it('pages with limit and offset', async () => {
      const users = Array.from({ length: 5 }, (_, i) => aUser({ createdAt: at(i * 1_000) }));
      await seedUsers(subject.store(), [...users].reverse());

      const list = (limit: number, offset: number) => subject.store().users.listUsers({ limit, offset });
      expect(idsOf(await list(2, 0))).toEqual(idsOf(users.slice(0, 2)));
      expect(idsOf(await list(2, 2))).toEqual(idsOf(users.slice(2, 4)));
      expect(idsOf(await list(2, 4))).toEqual(idsOf(users.slice(4)));
      expect(await list(2, 5)).toEqual([]);
      expect(await list(10, 50)).toEqual([]);
    });

    it('lists each user with all of its roles', async () => {
      const both = aUser({ roles: ['admin', 'user'], createdAt: at(1) });
      const none = aUser({ roles: [], createdAt: at(2) });
      await seedUsers(subject.store(), [both, none]);

      const listed = await subject.store().users.listUsers({ limit: 10, offset: 0 });
      expect(listed.map((user) => sortedRoles(user))).toEqual([['admin', 'user'], []]);
    });

    it('lists exactly the holders of a role, each with all of its roles', async () => {
      const admin = aUser({ roles: ['admin'] });
      const adminAndUser = aUser({ roles: ['user', 'admin'] });
      const plain = aUser({ roles: ['user'] });
      await seedUsers(subject.store(), [admin, adminAndUser, plain]);

      const admins = await subject.store().users.listUsersByRole('admin');
      expect(idsOf(admins).sort()).toEqual([admin.id, adminAndUser.id].sort());
      expect(sortedRoles(admins.find((user) => user.id === adminAndUser.id))).toEqual(['admin', 'user']);
      expect(idsOf(await subject.store().users.listUsersByRole('user')).sort()).toEqual([adminAndUser.id, plain.id].sort());
      expect(await subject.store().users.listUsersByRole('super')).toEqual([]);
    });

    it('follows role changes when listing by role', async () => {
      const user = aUser({ roles: ['admin'] });
      await subject.store().users.createUser(user);

      await subject.store().users.setUserRoles(user.id, ['manager'], at(1));
      expect(await subject.store().users.listUsersByRole('admin')).toEqual([]);
      expect(idsOf(await subject.store().users.listUsersByRole('manager'))).toEqual([user.id]);
    });
  });
}
