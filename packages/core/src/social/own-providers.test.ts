import { exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { defineOAuth2Provider, defineOidcProvider } from './define-provider.js';
import { configuredAgainst, onFake, signInAgainst, startFakeProvider, type FakeProvider } from './fake-provider.test-helpers.js';
import { record, subjectOf, text } from './provider-definition.js';
import { buildProviders, summaryOf } from './provider-registry.js';
import { google } from './providers/google.js';
import { parseSocialConfig } from './social-config.js';

let fake: FakeProvider | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const acme = defineOAuth2Provider({
  id: 'acme',
  name: 'Acme',
  authorizationEndpoint: 'https://id.acme.example/oauth/authorize',
  tokenEndpoint: 'https://id.acme.example/oauth/token',
  apiBase: 'https://api.acme.example/',
  scopes: ['profile', 'email'],
  clientAuthentication: 'client_secret_post',
  async readProfile({ issuer, getJson }) {
    const me = record(await getJson('me'));
    return {
      subject: subjectOf(me.id),
      issuer,
      email: text(me.email),
      emailVerified: me.email_verified === true,
      displayName: text(me.name),
      avatarUrl: null,
      preferredUsername: null,
    };
  },
});
const base = { appUrl: 'https://app.example.test/', redirectAllowlist: ['https://app.example.test/'] };

describe('providers of your own', () => {
  it('a provider defined with defineOAuth2Provider signs in, with client_secret_post and PKCE by default', async () => {
    fake = await startFakeProvider({ api: { '/me': { id: 7, email: 'road@runner.example', email_verified: true, name: 'Road Runner' } } });
    const { profile, authorizeUrl } = await signInAgainst(fake, configuredAgainst(fake, onFake(fake, acme)));
    expect(profile).toEqual({
      subject: '7',
      issuer: 'https://id.acme.example',
      email: 'road@runner.example',
      emailVerified: true,
      displayName: 'Road Runner',
      avatarUrl: null,
      preferredUsername: null,
    });
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const token = fake.seen.find((r) => r.path === '/token')!;
    expect([token.form.get('client_id'), token.form.get('client_secret'), token.headers.authorization]).toEqual([
      fake.clientId,
      fake.clientSecret,
      undefined,
    ]);
  });

  it('private_key_jwt: the token request carries a JWT signed with the client key (RFC 7523), and no secret', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    fake = await startFakeProvider({
      idToken: ({ base, nonce }) => ({ iss: base, sub: 'pk-1', nonce, email: 'pk@example.com', email_verified: true }),
    });
    const definition = defineOidcProvider({ id: 'corp', name: 'Corp', issuer: fake.base, clientAuthentication: 'private_key_jwt' });
    const provider = {
      ...configuredAgainst(fake, definition),
      client: {
        clientId: fake.clientId,
        privateKeyJwt: { privateKey: await exportPKCS8(privateKey), keyId: 'corp-key-1', algorithm: 'ES256' },
      },
    };
    expect((await signInAgainst(fake, provider)).profile.subject).toBe('pk-1');
    const token = fake.seen.find((r) => r.path === '/token')!;
    expect(token.form.get('client_assertion_type')).toBe('urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
    expect(token.form.has('client_secret')).toBe(false);
    const verified = await jwtVerify(token.form.get('client_assertion')!, await importSPKI(await exportSPKI(publicKey), 'ES256'), {
      issuer: fake.clientId,
      subject: fake.clientId,
      audience: fake.base,
    });
    expect(verified.protectedHeader.kid).toBe('corp-key-1');
  });

  it('Google hosted domain: hd goes on the request, and an id_token of another domain (or none) is refused', async () => {
    // https://developers.google.com/identity/openid-connect/openid-connect#hd-param: hd only narrows the UI;
    // check the id_token's hd claim.
    let hd: string | undefined = 'example.com';
    fake = await startFakeProvider({
      idToken: ({ base, nonce }) => ({ iss: base, sub: 'g-1', nonce, email: 'a@example.com', email_verified: true, ...(hd ? { hd } : {}) }),
    });
    const provider = configuredAgainst(fake, { ...google({ hostedDomain: 'example.com' }), issuer: fake.base });
    const { authorizeUrl, profile } = await signInAgainst(fake, provider);
    expect([authorizeUrl.searchParams.get('hd'), profile.subject]).toEqual(['example.com', 'g-1']);
    hd = 'gmail.com';
    await expect(signInAgainst(fake, provider)).rejects.toThrow(/Workspace domain/);
    hd = undefined;
    await expect(signInAgainst(fake, provider)).rejects.toThrow(/Workspace domain/);
  });

  it("several generic OIDC providers at once, each with its id, name, extra scopes and parameters; and the app's own providers", () => {
    const config = parseSocialConfig({
      ...base,
      oidcProviders: {
        keycloak: {
          issuer: 'https://sso.example.test/realms/main',
          clientId: 'k',
          clientSecret: 's',
          name: 'Company SSO',
          scopes: ['groups'],
        },
        okta: { issuer: 'https://example.okta.test', clientId: 'o', clientSecret: 's', authorizationParameters: { prompt: 'login' } },
      },
      customProviders: [{ definition: acme, clientId: 'a', clientSecret: 's' }],
    });
    const providers = buildProviders(config);
    expect([...providers].map(([id, p]) => summaryOf(id, p))).toEqual([
      { id: 'keycloak', name: 'Company SSO', protocol: 'oidc', returnsEmail: true },
      { id: 'okta', name: 'okta', protocol: 'oidc', returnsEmail: true },
      { id: 'acme', name: 'Acme', protocol: 'oauth2', returnsEmail: true },
    ]);
    const keycloak = providers.get('keycloak')!;
    const okta = providers.get('okta')!;
    expect(keycloak.kind === 'oauth' && keycloak.configured.definition.scopes).toEqual(['openid', 'email', 'profile', 'groups']);
    expect(okta.kind === 'oauth' && okta.configured.definition.authorizationParameters).toEqual({ prompt: 'login' });
    expect(keycloak.kind === 'oauth' && keycloak.configured.callbackUrl).toBe(
      'https://app.example.test/api/v1/auth/oauth/keycloak/callback',
    );
  });

  it.each([
    ['a built-in id', { oidcProviders: { github: { issuer: 'https://x.test', clientId: 'c', clientSecret: 's' } } }],
    ['a word of the routes', { oidcProviders: { providers: { issuer: 'https://x.test', clientId: 'c', clientSecret: 's' } } }],
    [
      'the same id twice',
      {
        oidcProviders: { acme: { issuer: 'https://x.test', clientId: 'c', clientSecret: 's' } },
        customProviders: [{ definition: acme, clientId: 'a', clientSecret: 's' }],
      },
    ],
  ])('refuses an own provider with %s at start', (_what, extra) => {
    expect(() => parseSocialConfig({ ...base, ...extra })).toThrow(/the id \w+ is taken/);
  });

  it('refuses an own provider without its secret, or private_key_jwt without a key, naming the setting', () => {
    expect(() => parseSocialConfig({ ...base, oidcProviders: { corp: { issuer: 'https://x.test', clientId: 'c' } } })).toThrow(
      /^Invalid setting social\.oidcProviders\.corp: needs clientSecret/,
    );
    expect(() =>
      parseSocialConfig({
        ...base,
        oidcProviders: { corp: { issuer: 'https://x.test', clientId: 'c', clientAuthentication: 'private_key_jwt' } },
      }),
    ).toThrow(/needs clientSecret, or privateKey/);
  });
});
