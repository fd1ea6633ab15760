import { createAuth, type Auth, type AuthConfigInput } from '@gatehousejs/core';
import { createFakeHasher } from '@gatehousejs/core/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';

export { startIssuer, type JwksMode, type TestIssuer } from '../testing/jwks-issuer.js';

/** An issuer built from `config` on the in-memory store, with the fake hasher (tests only). */
export function testAuth(config: Partial<AuthConfigInput>): Auth {
  return createAuth({
    config: {
      refreshTokenSecret: 'refresh-secret-for-tests-0123456789abcdef',
      rateLimit: { enabled: false },
      ...config,
    } as AuthConfigInput,
    store: createMemoryStore(),
    mailer: { send: async () => {} },
    hasher: createFakeHasher(),
  });
}
