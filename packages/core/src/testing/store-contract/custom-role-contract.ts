import { describe, expect, it } from 'vitest';
import { aUser, at, idsOf, seedUsers, sortedRoles, type StoreUnderTest } from './store-fixtures.js';

// Roles an app may configure beyond the spec's four (`createAuth({ roles })`), up to the 32
// characters a role name may have.
const EDITOR = 'editor';
const LONGEST = 'reports.read:eu-west_1234567890a';

/** Stores keep any role name the app configured: storing, listing and filtering by it. */
export function describeCustomRoleContract(subject: StoreUnderTest): void {
  describe('UserStore: roles the app defines', () => {
    it('keeps a role outside the spec set, with the spec roles beside it', async () => {
      const user = aUser({ roles: [EDITOR, 'user', LONGEST] });
      await subject.store().users.createUser(user);

      expect(sortedRoles(await subject.store().users.findUserById(user.id))).toEqual([EDITOR, LONGEST, 'user'].sort());
    });

    it('sets, lists and filters by a custom role', async () => {
      const editor = aUser({ roles: ['user'], createdAt: at(1) });
      const plain = aUser({ roles: ['user'], createdAt: at(2) });
      await seedUsers(subject.store(), [editor, plain]);

      const updated = await subject.store().users.setUserRoles(editor.id, ['user', EDITOR, EDITOR], at(10));
      expect(sortedRoles(updated)).toEqual([EDITOR, 'user']);
      expect(idsOf(await subject.store().users.listUsersByRole(EDITOR))).toEqual([editor.id]);
      expect(sortedRoles((await subject.store().users.listUsers({ limit: 10, offset: 0 }))[0])).toEqual([EDITOR, 'user']);
      expect(await subject.store().users.listUsersByRole('Editor')).toEqual([]);

      await subject.store().users.setUserRoles(editor.id, ['user'], at(20));
      expect(await subject.store().users.listUsersByRole(EDITOR)).toEqual([]);
    });
  });
}
