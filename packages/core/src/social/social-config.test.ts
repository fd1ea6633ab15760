import { createMemoryStore } from '@gatehousejs/store-memory';
import { describe, expect, it } from 'vitest';
import { createAuth } from '../create-auth.js';
import { AuthError } from '../errors/auth-error.js';
import { expectAuthError } from '../errors/auth-error.test-helpers.js';
import { createFakeHasher } from '../testing/fake-hasher.js';
import { parseSocialConfig } from './social-config.js';

const credentials = { clientId: 'id', clientSecret: 'secret' };

describe('social settings checked at start', () => {
  it('refuses an http:// issuer or endpoint without allowInsecureProviders, naming the setting', () => {
    const base = { appUrl: 'https://app.example.test/' };
    expect(() => parseSocialConfig({ ...base, providers: { gitlab: { ...credentials, issuer: 'http://gitlab.internal' } } })).toThrow(
      /^Invalid setting social\.providers\.gitlab\.issuer: must be an https URL/,
    );
    expect(() =>
      parseSocialConfig({
        ...base,
        providers: { github: { ...credentials, endpoints: { authorizationEndpoint: 'https://a.test/', tokenEndpoint: 'http://t.test/' } } },
      }),
    ).toThrow(/social\.providers\.github\.endpoints\.tokenEndpoint/);
    expect(
      parseSocialConfig({ ...base, allowInsecureProviders: true, providers: { gitlab: { ...credentials, issuer: 'http://gitlab.test' } } })
        .providers.gitlab?.issuer,
    ).toBe('http://gitlab.test');
  });

  it('a provider that cannot be reached is PROVIDER_UNAVAILABLE (503, Retry-After 30), its reason naming the provider', async () => {
    const reported: string[] = [];
    const auth = createAuth({
      config: { accessTokenSecret: 'a'.repeat(32), refreshTokenSecret: 'b'.repeat(32) },
      store: createMemoryStore(),
      mailer: { send: async () => {} },
      hasher: createFakeHasher(),
      social: {
        appUrl: 'https://app.example.test/',
        redirectAllowlist: ['https://app.example.test/'],
        allowInsecureProviders: true,
        providers: { gitlab: { ...credentials, issuer: 'http://127.0.0.1:9' } },
      },
      onProviderError: (provider) => reported.push(provider),
    });
    const error = await expectAuthError(auth.social.start('gitlab', 'https://app.example.test/'), 'PROVIDER_UNAVAILABLE');
    expect([error.status, error.retryAfterSeconds, error.dependency]).toEqual([503, 30, 'sign-in provider']);
    expect((error.cause as Error).message).toMatch(/^provider gitlab: /);
    expect(error).toBeInstanceOf(AuthError);
    expect(reported).toEqual(['gitlab']);
  });
});
