import { generateKeyPairSync } from 'node:crypto';
import { createAuth, type AuthConfigInput } from '@gatehousejs/core';
import { createFakeHasher } from '@gatehousejs/core/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { describe, expect, it } from 'vitest';
import { sessionCookies } from './session-cookies.js';

// Browsers keep a cookie's name and value up to 4096 bytes (RFC 6265 §6.1's minimum, what
// Chromium and Firefox enforce); a larger one is dropped without a word.
const BROWSER_LIMIT = 4096;
// The longest address the validation takes (RFC 5321's 254): the claim that varies most.
const LONGEST_EMAIL = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;

async function cookiesOf(config: Partial<AuthConfigInput>, email: string) {
  const auth = createAuth({
    config: {
      refreshTokenSecret: 'b'.repeat(32),
      jitterSeconds: 0,
      rateLimit: { enabled: false },
      cookies: { enabled: true, serverReadable: true, trustedOrigins: ['https://app.example.com'] },
      ...config,
    } as AuthConfigInput,
    store: createMemoryStore(),
    mailer: { send: async () => {} },
    hasher: createFakeHasher(),
  });
  const password = 'correct horse battery';
  const pair = await auth.register({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada', email, password, confirmPassword: password });
  return sessionCookies(auth.config, pair).map((line) => ({ line, pair: line.split(';')[0]! }));
}

describe('the session cookies stay far below what a browser keeps (docs/browser-sessions.md, "Sizes")', () => {
  it('HS256 and a 64-character address: the refresh cookie under 500 bytes, the access cookie under 700', async () => {
    const [refresh, access] = await cookiesOf({ accessTokenSecret: 'a'.repeat(32) }, `${'a'.repeat(52)}@example.com`);
    expect(refresh!.line.length).toBeLessThan(500);
    expect(access!.line.length).toBeLessThan(700);
  });

  it('the largest: RS256, the longest address, iss and aud; still under a third of the limit', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const config = {
      accessTokenAlgorithm: 'RS256' as const,
      accessTokenPrivateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      issuer: 'https://auth.example.com',
      audience: 'https://api.example.com',
    };
    for (const { line, pair } of await cookiesOf(config, LONGEST_EMAIL)) {
      expect(pair.length).toBeLessThan(BROWSER_LIMIT / 3);
      expect(line.length).toBeLessThan(1400);
    }
  });
});
