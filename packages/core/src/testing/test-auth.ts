import type { Auth } from '../auth.js';
import { createAuth } from '../create-auth.js';
import type { AuthStore } from '../ports/auth-store.js';
import { createFakeHasher } from './fake-hasher.js';

/**
 * An `Auth` for an adapter's or an app's own tests: fixed secrets, the fake hasher (so a login
 * takes microseconds, not an Argon2id hash) and mail dropped, on the store you pass. Never use
 * outside tests: the secrets are public.
 *
 * @example
 * import { createMemoryStore } from '@gatehousejs/store-memory';
 * const auth = createTestAuth(createMemoryStore());
 */
export function createTestAuth(store: AuthStore): Auth {
  return createAuth({
    config: { accessTokenSecret: 'a'.repeat(32), refreshTokenSecret: 'b'.repeat(32) },
    store,
    mailer: { send: async () => {} },
    hasher: createFakeHasher(),
  });
}
