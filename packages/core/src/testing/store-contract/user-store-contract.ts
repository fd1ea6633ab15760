import { describe, expect, it } from 'vitest';
import { AuthError } from '../../errors/auth-error.js';
import { aUser, comparable, expectAuthErrorCode, type StoreUnderTest } from './store-fixtures.js';

const ALL = { limit: 1000, offset: 0 };

/** Creation, lookup, uniqueness and atomicity of `UserStore.createUser`. */
export function describeUserStoreContract(subject: StoreUnderTest): void {
  describe('UserStore: creating and finding users', () => {
    it('returns a created user by id and by e-mail with every field intact', async () => {
      const user = aUser({ roles: ['admin'], isActive: true, emailVerifiedAt: new Date('2026-02-02T02:02:02.202Z') });
      await subject.store().users.createUser(user);

      expect(comparable(await subject.store().users.findUserById(user.id))).toEqual(comparable(user));
      expect(comparable(await subject.store().users.findUserByEmail(user.email))).toEqual(comparable(user));
    });

    it('finds a user with several roles, and one with none, with exactly their own roles', async () => {
      const many = aUser({ roles: ['super', 'admin', 'manager', 'user'] });
      const none = aUser({ roles: [] });
      const other = aUser({ roles: ['manager'] });
      for (const user of [many, none, other]) await subject.store().users.createUser(user);

      for (const user of [many, none, other]) {
        expect(comparable(await subject.store().users.findUserById(user.id))).toEqual(comparable(user));
        expect(comparable(await subject.store().users.findUserByEmail(user.email))).toEqual(comparable(user));
      }
    });

    it('round-trips every timestamp exactly to the millisecond', async () => {
      const user = aUser({
        createdAt: new Date('1999-12-31T23:59:59.999Z'),
        updatedAt: new Date('2026-01-01T00:00:00.001Z'),
        emailVerifiedAt: new Date('2038-01-19T03:14:08.007Z'),
        passwordChangedAt: new Date('2026-06-30T23:59:59.500Z'),
        lastLoginAt: new Date('2099-12-31T23:59:59.999Z'),
      });
      await subject.store().users.createUser(user);
      const found = await subject.store().users.findUserById(user.id);

      for (const field of ['createdAt', 'updatedAt', 'emailVerifiedAt', 'passwordChangedAt', 'lastLoginAt'] as const) {
        expect(found?.[field], field).toBeInstanceOf(Date);
        expect(found?.[field]?.getTime(), field).toBe(user[field]?.getTime());
      }
    });

    it('answers null for an unknown id or e-mail', async () => {
      await subject.store().users.createUser(aUser({ email: 'known@example.com' }));

      expect(await subject.store().users.findUserById(globalThis.crypto.randomUUID())).toBeNull();
      expect(await subject.store().users.findUserByEmail('unknown@example.com')).toBeNull();
    });

    // No stored value holds a NUL byte (validation refuses it), yet PostgreSQL rejects one in any
    // query parameter; a lookup by such a string must answer "none", not fail.
    it('finds no user for an id or e-mail containing a NUL byte', async () => {
      const user = aUser({ email: 'nul@example.com' });
      await subject.store().users.createUser(user);
      const users = subject.store().users;

      for (const id of [`${user.id}\u0000`, '\u0000', `\u0000${user.id}`])
        expect(await users.findUserById(id), JSON.stringify(id)).toBeNull();
      for (const email of ['nul@example.com\u0000', 'nul\u0000@example.com', user.username + '\u0000']) {
        expect(await users.findUserByEmail(email), JSON.stringify(email)).toBeNull();
      }
      expect(comparable(await users.findUserById(user.id))).toEqual(comparable(user));
    });

    it('keeps quotes and SQL text as plain data', async () => {
      const user = aUser({
        email: "o'hara@example.com",
        username: "o'hara",
        firstName: "Robert'); DROP TABLE users;--",
        lastName: 'Núñez "\\" 😀 %_',
      });
      await subject.store().users.createUser(user);

      const found = await subject.store().users.findUserByEmail("o'hara@example.com");
      expect(found?.firstName).toBe("Robert'); DROP TABLE users;--");
      expect(found?.lastName).toBe('Núñez "\\" 😀 %_');
      expect(found?.username).toBe("o'hara");
      // The table is still there and still holds the user.
      expect((await subject.store().users.listUsers(ALL)).map((u) => u.id)).toEqual([user.id]);
    });

    it('refuses an e-mail that differs only in case with EMAIL_TAKEN', async () => {
      await subject.store().users.createUser(aUser({ email: 'ada@x.com' }));

      await expectAuthErrorCode(subject.store().users.createUser(aUser({ email: 'Ada@X.com' })), 'EMAIL_TAKEN');
      await expectAuthErrorCode(subject.store().users.createUser(aUser({ email: 'ada@x.com' })), 'EMAIL_TAKEN');
    });

    it('lets one of eight users created at once with one address and username in, and refuses the rest as taken', async () => {
      // Several instances starting at once with the same bootstrap address: InnoDB may pick a deadlock
      // victim among the waiting inserts (the manual's duplicate-key case); no caller may see that.
      // Bootstrap inserts both unique keys the same (the address and `super`), so either may be named.
      const racers = Array.from({ length: 8 }, () => aUser({ email: 'race@x.com', username: 'racer' }));
      const outcomes = await Promise.allSettled(racers.map((user) => subject.store().users.createUser(user)));

      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') expect(['EMAIL_TAKEN', 'USERNAME_TAKEN']).toContain((outcome.reason as AuthError).code);
      }
      expect((await subject.store().users.findUserByEmail('race@x.com'))?.id).toBe(
        racers[outcomes.findIndex((o) => o.status === 'fulfilled')]?.id,
      );
    });

    it('refuses a username that differs only in case with USERNAME_TAKEN', async () => {
      await subject.store().users.createUser(aUser({ username: 'Ada' }));

      await expectAuthErrorCode(subject.store().users.createUser(aUser({ username: 'ada' })), 'USERNAME_TAKEN');
      await expectAuthErrorCode(subject.store().users.createUser(aUser({ username: 'ADA' })), 'USERNAME_TAKEN');
    });

    it('tells whether a username exists, case-insensitively, and finds none for a NUL byte', async () => {
      await subject.store().users.createUser(aUser({ username: 'Known.Name' }));

      expect(await subject.store().users.usernameExists('known.name')).toBe(true);
      expect(await subject.store().users.usernameExists('KNOWN.NAME')).toBe(true);
      expect(await subject.store().users.usernameExists('unknown.name')).toBe(false);
      expect(await subject.store().users.usernameExists('Known.Name\u0000')).toBe(false);
    });

    it('keeps the case of a stored username while comparing it case-insensitively', async () => {
      const user = aUser({ username: 'MiXeD.Case_1' });
      await subject.store().users.createUser(user);

      expect((await subject.store().users.findUserById(user.id))?.username).toBe('MiXeD.Case_1');
    });

    it('stores nothing of a refused user', async () => {
      const first = aUser({ email: 'taken@example.com' });
      const refused = aUser({ email: 'TAKEN@example.com', roles: ['admin'] });
      await subject.store().users.createUser(first);
      await expectAuthErrorCode(subject.store().users.createUser(refused), 'EMAIL_TAKEN');

      expect(await subject.store().users.findUserById(refused.id)).toBeNull();
      expect(await subject.store().users.listUsersByRole('admin')).toEqual([]);
      expect((await subject.store().users.findUserByEmail('taken@example.com'))?.id).toBe(first.id);
    });

    it('lets exactly one of ten parallel registrations of one e-mail succeed', async () => {
      const racers = Array.from({ length: 10 }, (_, i) =>
        aUser({ email: i % 2 === 0 ? 'race@example.com' : 'Race@Example.com', username: `racer_${i}` }),
      );
      const results = await Promise.allSettled(racers.map((user) => subject.store().users.createUser(user)));

      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejections = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
      expect(rejections).toHaveLength(9);
      for (const reason of rejections) {
        expect(reason).toBeInstanceOf(AuthError);
        expect((reason as AuthError).code).toBe('EMAIL_TAKEN');
      }
      expect(await subject.store().users.listUsers(ALL)).toHaveLength(1);
    });

    it('lets exactly one of ten parallel registrations of one username succeed', async () => {
      const racers = Array.from({ length: 10 }, (_, i) => aUser({ username: i % 2 === 0 ? 'racer' : 'RACER' }));
      const results = await Promise.allSettled(racers.map((user) => subject.store().users.createUser(user)));

      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const codes = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as AuthError).code] : []));
      expect(codes).toEqual(Array.from({ length: 9 }, () => 'USERNAME_TAKEN'));
      expect(await subject.store().users.listUsers(ALL)).toHaveLength(1);
    });

    it('hands out copies: changing a passed or returned record does not change the stored user', async () => {
      const user = aUser({ roles: ['user'] });
      await subject.store().users.createUser(user);
      user.firstName = 'Changed after create';
      user.roles.push('super');

      const found = await subject.store().users.findUserById(user.id);
      expect(found?.firstName).toBe('Ada');
      expect(found?.roles).toEqual(['user']);
      if (!found) return;
      found.roles.push('admin');
      found.lastName = 'Changed after find';
      found.createdAt.setTime(0);

      const again = await subject.store().users.findUserById(user.id);
      expect(again?.roles).toEqual(['user']);
      expect(again?.lastName).toBe('Lovelace');
      expect(again?.createdAt.getTime()).not.toBe(0);
    });
  });
}
