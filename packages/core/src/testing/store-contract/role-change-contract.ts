import { describe, expect, it } from 'vitest';
import { aUser, at, expectAuthErrorCode, idsOf, type StoreUnderTest } from './store-fixtures.js';

/** What `UserStore.setUserRoles` does atomically with the change: keep one super, bump the token version. */
export function describeRoleChangeContract(subject: StoreUnderTest): void {
  describe('UserStore: role changes that must not leave zero supers, and end tokens with the change', () => {
    it('refuses with LAST_SUPER to take super from the only holder (keepLastSuper), changing nothing', async () => {
      const only = aUser({ roles: ['super'], tokenVersion: 2 });
      await subject.store().users.createUser(only);

      await expectAuthErrorCode(
        subject.store().users.setUserRoles(only.id, ['admin'], at(1), { keepLastSuper: true, bumpTokenVersion: true }),
        'LAST_SUPER',
      );
      const stored = await subject.store().users.findUserById(only.id);
      expect(stored?.roles).toEqual(['super']);
      expect(stored?.tokenVersion).toBe(2);
    });

    it('lets a super lose the role while another holds it, and a non-super change pass, with keepLastSuper', async () => {
      const first = aUser({ roles: ['super'] });
      const second = aUser({ roles: ['super'] });
      const plain = aUser({ roles: ['user'] });
      for (const user of [first, second, plain]) await subject.store().users.createUser(user);

      expect((await subject.store().users.setUserRoles(first.id, [], at(1), { keepLastSuper: true }))?.roles).toEqual([]);
      expect((await subject.store().users.setUserRoles(plain.id, ['manager'], at(2), { keepLastSuper: true }))?.roles).toEqual(['manager']);
      expect(idsOf(await subject.store().users.listUsersByRole('super'))).toEqual([second.id]);
    });

    it('threat: two supers demoting each other at the same moment leave exactly one super', async () => {
      for (let round = 0; round < 5; round += 1) {
        const first = aUser({ roles: ['super'] });
        const second = aUser({ roles: ['super', 'admin'] });
        for (const user of [first, second]) await subject.store().users.createUser(user);

        const outcomes = await Promise.allSettled([
          subject.store().users.setUserRoles(first.id, ['admin'], at(1), { keepLastSuper: true }),
          subject.store().users.setUserRoles(second.id, ['admin'], at(1), { keepLastSuper: true }),
        ]);
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        const refused = outcomes.find((outcome) => outcome.status === 'rejected');
        expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: 'LAST_SUPER' });
        expect(await subject.store().users.listUsersByRole('super')).toHaveLength(1);
        // Hand the role back to nobody else: end the round with no super, so the next starts clean.
        const [kept] = await subject.store().users.listUsersByRole('super');
        await subject.store().users.setUserRoles(kept!.id, [], at(2));
      }
    });

    it('adds one to the token version with the change (bumpTokenVersion), and only then', async () => {
      const user = aUser({ roles: ['manager'], tokenVersion: 3 });
      await subject.store().users.createUser(user);

      expect((await subject.store().users.setUserRoles(user.id, [], at(1)))?.tokenVersion).toBe(3);
      const bumped = await subject.store().users.setUserRoles(user.id, ['user'], at(2), { bumpTokenVersion: true });
      expect(bumped?.tokenVersion).toBe(4);
      expect((await subject.store().users.findUserById(user.id))?.tokenVersion).toBe(4);
    });
  });
}
