import type { Auth, Role } from '@gatehousejs/core';
import { createTestAuth as createCoreTestAuth } from '@gatehousejs/core/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';

/** An Auth on the memory store with a fake hasher, and a way to get tokens for any role set. */
export function createTestAuth() {
  const auth: Auth = createCoreTestAuth(createMemoryStore());
  let count = 0;
  async function tokenFor(roleSet: Role[]): Promise<string> {
    count += 1;
    const email = `u${count}@example.com`;
    const { user } = await auth.register({
      firstName: 'T',
      lastName: 'T',
      username: `user${count}`,
      email,
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
    });
    const root = await auth.ensureSuperUser({ email: 'root@example.com', password: 'root passphrase here' });
    await auth.setRoles(root, user.id, { roles: roleSet });
    return (await auth.login({ email, password: 'correct horse battery' })).accessToken;
  }
  return { auth, tokenFor };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
