import { randomBytes } from 'node:crypto';
import { createAuth, type Auth, type AuthConfigInput } from '@gatehousejs/core';
import type { AuthStore, PasswordHasher } from '@gatehousejs/core/ports';
import { benchRegistration } from './protocol.js';

/** The hasher a benchmark server signs its users in with, and how many hashes it computes at once. */
export interface Hashing {
  hasher: PasswordHasher;
  concurrency: number;
  close(): Promise<void>;
}

export const randomSecret = () => randomBytes(32).toString('base64url');

/** The access-token settings of `AuthConfigInput` (HS256 with a fresh secret unless given). */
type TokenSettings = Pick<AuthConfigInput, 'accessTokenSecret' | 'accessTokenAlgorithm' | 'accessTokenPrivateKey'>;

/** An auth service as the benchmark servers run it: rate limits off, mail dropped, the given hasher and cache. */
export function openAuth(
  store: AuthStore,
  hashing: Hashing,
  options: { accessTokenCache?: boolean; tokens?: TokenSettings } = {},
): Auth<string> {
  return createAuth({
    config: {
      ...(options.tokens ?? { accessTokenSecret: randomSecret() }),
      refreshTokenSecret: randomSecret(),
      // The benchmark logs one user in thousands of times from one address: that is the load, not an attack.
      rateLimit: { enabled: false },
      hashing: { maxConcurrent: hashing.concurrency, maxQueued: 10_000 },
    },
    store,
    mailer: { send: async () => {} },
    hasher: hashing.hasher,
    ...(options.accessTokenCache === false ? { accessTokenCache: false as const } : {}),
  });
}

/** Registers a new user through `auth` and answers its address and access token. */
export async function registerBenchUser(auth: Auth<string>): Promise<{ email: string; accessToken: string }> {
  const id = randomBytes(6).toString('hex');
  const email = `bench-${id}@example.com`;
  const result = await auth.register(benchRegistration(`bench_${id}`, email));
  return { email, accessToken: result.accessToken };
}
