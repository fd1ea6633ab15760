import { createAuth, type Auth, type Role } from '@gatehouse/core';
import { createFakeHasher } from '@gatehouse/core/testing';
import { createMemoryStore } from '@gatehouse/store-memory';

/** An Auth on the memory store with a fake hasher, and a way to get tokens for any role set. */
export function createTestAuth() {
  const auth: Auth = createAuth({
    config: { accessTokenSecret: 'a'.repeat(32), refreshTokenSecret: 'b'.repeat(32) },
    store: createMemoryStore(),
    mailer: { send: async () => {} },
    hasher: createFakeHasher(),
  });
  let count = 0;
  async function tokenFor(roleSet: Role[]): Promise<string> {
    count += 1;
    const email = `u${count}@example.com`;
    const { user } = await auth.register({
      firstName: 'T',
      lastName: 'T',
      username: `user${count}`,
      email,
      password: 'password-123',
      confirmPassword: 'password-123',
    });
    await auth.setRoles({ id: 'root', roles: ['super'] }, user.id, { roles: roleSet });
    return (await auth.login({ email, password: 'password-123' })).accessToken;
  }
  return { auth, tokenFor };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
