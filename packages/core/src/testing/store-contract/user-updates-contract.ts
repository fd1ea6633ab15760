import { describe, expect, it } from 'vitest';
import { aUser, at, comparable, sortedRoles, type StoreUnderTest } from './store-fixtures.js';

const ALL = { limit: 1000, offset: 0 };

/** The `UserStore` methods that change an existing user. */
export function describeUserUpdatesContract(subject: StoreUnderTest): void {
  describe('UserStore: changing users', () => {
    it('replaces the role set, stamps updatedAt and returns the updated user', async () => {
      const user = aUser({ roles: ['user'] });
      await subject.store().users.createUser(user);

      const updated = await subject.store().users.setUserRoles(user.id, ['admin', 'manager'], at(50_000));
      expect(sortedRoles(updated)).toEqual(['admin', 'manager']);
      expect(updated?.updatedAt.getTime()).toBe(at(50_000).getTime());
      expect(comparable(await subject.store().users.findUserById(user.id))).toEqual(comparable(updated));
    });

    it('treats roles as a set: an empty list clears them, duplicates collapse', async () => {
      const user = aUser({ roles: ['user', 'manager'] });
      await subject.store().users.createUser(user);

      expect((await subject.store().users.setUserRoles(user.id, [], at(1)))?.roles).toEqual([]);
      expect((await subject.store().users.findUserById(user.id))?.roles).toEqual([]);
      const twice = await subject.store().users.setUserRoles(user.id, ['admin', 'admin'], at(2));
      expect(twice?.roles).toEqual(['admin']);
      expect((await subject.store().users.findUserById(user.id))?.roles).toEqual(['admin']);
    });

    it('answers null to setUserRoles for an unknown id and creates nobody', async () => {
      const ghost = globalThis.crypto.randomUUID();

      expect(await subject.store().users.setUserRoles(ghost, ['super'], at(1))).toBeNull();
      expect(await subject.store().users.findUserById(ghost)).toBeNull();
      expect(await subject.store().users.listUsersByRole('super')).toEqual([]);
    });

    it('marks the e-mail verified once: isActive and emailVerifiedAt set, a second call keeps the first time', async () => {
      const user = aUser({ isActive: false, emailVerifiedAt: null });
      await subject.store().users.createUser(user);

      await subject.store().users.markEmailVerified(user.id, at(10_000));
      const verified = await subject.store().users.findUserById(user.id);
      expect(verified?.isActive).toBe(true);
      expect(verified?.emailVerifiedAt?.getTime()).toBe(at(10_000).getTime());
      expect(verified?.updatedAt.getTime()).toBe(at(10_000).getTime());

      await subject.store().users.markEmailVerified(user.id, at(20_000));
      expect((await subject.store().users.findUserById(user.id))?.emailVerifiedAt?.getTime()).toBe(at(10_000).getTime());
    });

    it('re-hashes without counting as a password change', async () => {
      const user = aUser({ passwordHash: '$old$', passwordChangedAt: null });
      await subject.store().users.createUser(user);

      await subject.store().users.updatePasswordHash(user.id, '$rehashed$', at(30_000));
      const found = await subject.store().users.findUserById(user.id);
      expect(found?.passwordHash).toBe('$rehashed$');
      expect(found?.passwordChangedAt).toBeNull();
      expect(found?.updatedAt.getTime()).toBe(at(30_000).getTime());
    });

    it('changes the password and stamps passwordChangedAt and updatedAt', async () => {
      const user = aUser({ passwordHash: '$old$' });
      await subject.store().users.createUser(user);

      await subject.store().users.changePassword(user.id, '$new$', at(40_000));
      const found = await subject.store().users.findUserById(user.id);
      expect(found?.passwordHash).toBe('$new$');
      expect(found?.passwordChangedAt?.getTime()).toBe(at(40_000).getTime());
      expect(found?.updatedAt.getTime()).toBe(at(40_000).getTime());
    });

    it('records a login in lastLoginAt and changes nothing else', async () => {
      const user = aUser();
      await subject.store().users.createUser(user);

      await subject.store().users.recordLogin(user.id, at(60_000));
      const found = await subject.store().users.findUserById(user.id);
      expect(found?.lastLoginAt?.getTime()).toBe(at(60_000).getTime());
      expect(comparable(found)).toEqual(comparable({ ...user, lastLoginAt: at(60_000) }));
    });

    it('changes only the addressed user', async () => {
      const target = aUser();
      const bystander = aUser({ roles: ['manager'] });
      await subject.store().users.createUser(target);
      await subject.store().users.createUser(bystander);

      await subject.store().users.setUserRoles(target.id, ['admin'], at(1));
      await subject.store().users.markEmailVerified(target.id, at(2));
      await subject.store().users.updatePasswordHash(target.id, '$a$', at(3));
      await subject.store().users.changePassword(target.id, '$b$', at(4));
      await subject.store().users.recordLogin(target.id, at(5));
      await subject.store().users.bumpTokenVersion(target.id, at(6));

      expect(comparable(await subject.store().users.findUserById(bystander.id))).toEqual(comparable(bystander));
    });

    it('changes no user for an id containing a NUL byte', async () => {
      const user = aUser({ roles: ['user'] });
      await subject.store().users.createUser(user);
      const users = subject.store().users;
      const id = `${user.id}\u0000`;

      expect(await users.setUserRoles(id, ['super'], at(1))).toBeNull();
      await expect(users.markEmailVerified(id, at(1))).resolves.toBeUndefined();
      await expect(users.updatePasswordHash(id, '$x$', at(1))).resolves.toBeUndefined();
      await expect(users.changePassword(id, '$x$', at(1))).resolves.toBeUndefined();
      await expect(users.recordLogin(id, at(1))).resolves.toBeUndefined();
      expect(await users.bumpTokenVersion(id, at(1))).toBeNull();
      expect(comparable(await users.findUserById(user.id))).toEqual(comparable(user));
    });

    it('ignores updates for an unknown id without creating a user', async () => {
      const ghost = globalThis.crypto.randomUUID();
      const users = subject.store().users;

      await expect(users.markEmailVerified(ghost, at(1))).resolves.toBeUndefined();
      await expect(users.updatePasswordHash(ghost, '$x$', at(1))).resolves.toBeUndefined();
      await expect(users.changePassword(ghost, '$x$', at(1))).resolves.toBeUndefined();
      await expect(users.recordLogin(ghost, at(1))).resolves.toBeUndefined();
      expect(await users.findUserById(ghost)).toBeNull();
      expect(await users.listUsers(ALL)).toEqual([]);
    });
  });
}
