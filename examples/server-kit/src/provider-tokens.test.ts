import { randomBytes } from 'node:crypto';
import { createAuth, type Auth, type SocialConfigInput } from '@gatehousejs/core';
import { createFakeClock, createFakeHasher, type FakeClock } from '@gatehousejs/core/testing';
import type { AuthStore } from '@gatehousejs/core/ports';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { openSqlStore } from '@gatehousejs/store-sql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLocalOidcProvider, type LocalOidcProvider } from './testing/social/local-oidc-provider.js';
import { TestBrowser } from './testing/social/test-browser.js';

const APP = 'http://app.example.test';
const FRONT = `${APP}/`;
const CALLBACK = `${APP}/api/v1/auth/oauth/oidc/callback`;
// oidc-provider's default access token lifetime (lib/helpers/defaults.js, ttl.AccessToken).
const ACCESS_TOKEN_SECONDS = 3600;

interface Setup {
  auth: Auth;
  clock: FakeClock;
  store: AuthStore;
  idp: LocalOidcProvider;
}

const cleanups: Array<() => Promise<void>> = [];

/** The stores the flow runs on: memory, and SQLite (the migration's table, its foreign key and upsert). */
const STORES: Array<[string, () => Promise<AuthStore>]> = [
  ['the in-memory store', async () => createMemoryStore()],
  ['SQLite', () => openSqlStore('sqlite::memory:')],
];
let makeStore: () => Promise<AuthStore> = STORES[0]![1];

/** The certified oidc-provider on loopback, issuing rotating refresh tokens, and an Auth that signs in through it. */
async function setUp(
  social: Partial<SocialConfigInput> = { storeProviderTokens: true },
  encryptionKeys = [randomBytes(32).toString('base64')],
): Promise<Setup> {
  const idp = await startLocalOidcProvider({ redirectUris: [CALLBACK], refreshTokens: true });
  cleanups.push(() => idp.close());
  const clock = createFakeClock(new Date());
  const store = await makeStore();
  cleanups.push(() => store.close());
  const auth = createAuth({
    config: { accessTokenSecret: 'a'.repeat(32), refreshTokenSecret: 'b'.repeat(32) },
    store,
    mailer: { send: async () => {} },
    hasher: createFakeHasher(),
    clock,
    mfa: { encryptionKeys },
    social: {
      appUrl: APP,
      redirectAllowlist: [FRONT],
      allowInsecureProviders: true,
      providers: { oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret } },
      ...social,
    },
  });
  cleanups.push(async () => auth.close());
  return { auth, clock, store, idp };
}

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A whole sign-in: the start, the provider's pages (answered at once), our callback and the code's exchange. */
async function signIn({ auth, idp }: Setup, sub = 'ada') {
  idp.signInAs({ sub, email: `${sub}@example.com`, email_verified: true, name: 'Ada Lovelace' });
  const start = await auth.social.start('oidc', FRONT);
  const browser = new TestBrowser(APP, 'http://127.0.0.1:9');
  let url = start.url;
  for (let hop = 0; hop < 20 && !url.startsWith(CALLBACK); hop++) {
    const response = await browser.request(url);
    url = new URL(response.headers.get('location') ?? '', url).href;
  }
  const outcome = await auth.social.callback('oidc', new URL(url).searchParams, start.browserKey);
  const code = new URL(outcome.location).searchParams.get('code');
  const result = await auth.social.exchange({ code }, start.browserKey);
  if (!('user' in result)) throw new Error('expected a session');
  return result.user.id;
}

/** The provider's own check of an access token: its userinfo endpoint. */
async function userinfoWith(idp: LocalOidcProvider, accessToken: string) {
  const response = await fetch(`${idp.issuer}/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  return { status: response.status, body: response.ok ? await response.json() : null };
}

describe.each(STORES)('provider tokens for API calls (oidc-provider on loopback), on %s', (_name, open) => {
  beforeEach(() => {
    makeStore = open;
  });

  it('keeps the tokens sealed, answers the access token, and a refreshed one once it has expired', async () => {
    const setup = await setUp();
    const userId = await signIn(setup);
    const signedInAt = setup.clock.now().getTime();

    const first = await setup.auth.social.getProviderAccessToken(userId, 'oidc');
    expect(await userinfoWith(setup.idp, first.accessToken)).toMatchObject({ status: 200, body: { sub: 'ada' } });
    expect(first.expiresAt?.getTime()).toBe(signedInAt + ACCESS_TOKEN_SECONDS * 1000);
    expect(first.scopes).toEqual(expect.arrayContaining(['openid', 'email']));

    // At rest: sealed (AES-256-GCM, `v1.<key id>.…`), neither token readable in the store.
    const identity = (await setup.store.identities.listIdentitiesOfUser(userId))[0]!;
    const stored = await setup.store.identities.findProviderTokens(identity.id);
    expect(stored?.accessToken).toMatch(/^v1\.[\w-]{8}\./);
    expect(stored?.refreshToken).toMatch(/^v1\.[\w-]{8}\./);
    expect(JSON.stringify(stored)).not.toContain(first.accessToken);
    // Never in the identities route's answer.
    expect(JSON.stringify(await setup.auth.social.listIdentities(userId))).not.toMatch(/token|v1\./i);

    // A minute before expiry it is still answered as is (it is refreshed within 30 s of expiry).
    setup.clock.advance(ACCESS_TOKEN_SECONDS - 60);
    expect((await setup.auth.social.getProviderAccessToken(userId, 'oidc')).accessToken).toBe(first.accessToken);

    setup.clock.advance(60);
    const second = await setup.auth.social.getProviderAccessToken(userId, 'oidc');
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.expiresAt?.getTime()).toBe(setup.clock.now().getTime() + ACCESS_TOKEN_SECONDS * 1000);
    expect(await userinfoWith(setup.idp, second.accessToken)).toMatchObject({ status: 200, body: { sub: 'ada' } });
    // The provider rotated the refresh token: the new one was stored (the old one would now be refused).
    expect((await setup.store.identities.findProviderTokens(identity.id))?.refreshToken).not.toBe(stored?.refreshToken);
  });

  it('parallel calls for an expired token share one refresh (a rotating refresh token is used once)', async () => {
    const setup = await setUp();
    const userId = await signIn(setup);
    setup.clock.advance(ACCESS_TOKEN_SECONDS);

    const answers = await Promise.all(Array.from({ length: 5 }, () => setup.auth.social.getProviderAccessToken(userId, 'oidc')));
    expect(new Set(answers.map((a) => a.accessToken)).size).toBe(1);
    // Had two refreshes used the same token, oidc-provider would have ended the grant (refresh
    // token reuse): the next refresh works only if exactly one was made.
    setup.clock.advance(ACCESS_TOKEN_SECONDS);
    const next = await setup.auth.social.getProviderAccessToken(userId, 'oidc');
    expect(await userinfoWith(setup.idp, next.accessToken)).toMatchObject({ status: 200 });
  });

  it('a refresh token the provider refuses (invalid_grant) answers PROVIDER_SIGN_IN_REQUIRED and is forgotten', async () => {
    const setup = await setUp();
    const userId = await signIn(setup, 'grace');
    // The account is gone at the provider: oidc-provider answers the refresh with invalid_grant.
    setup.idp.forget('grace');
    setup.clock.advance(ACCESS_TOKEN_SECONDS);

    const refused = await setup.auth.social.getProviderAccessToken(userId, 'oidc').catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'PROVIDER_SIGN_IN_REQUIRED', status: 403 });
    expect((refused as Error).message).toBe('Access to this provider has ended. Please sign in with it again.');
    const identity = (await setup.store.identities.listIdentitiesOfUser(userId))[0]!;
    expect(await setup.store.identities.findProviderTokens(identity.id)).toBeNull();

    // Signing in again stores new tokens.
    expect(await signIn(setup, 'grace')).toBe(userId);
    expect(await userinfoWith(setup.idp, (await setup.auth.social.getProviderAccessToken(userId, 'oidc')).accessToken)).toMatchObject({
      status: 200,
    });
  });

  it('tokens no configured key opens (a development key made up before a restart) answer PROVIDER_SIGN_IN_REQUIRED, not a 500', async () => {
    const setup = await setUp();
    const userId = await signIn(setup, 'hopper');
    const identity = (await setup.store.identities.listIdentitiesOfUser(userId))[0]!;
    const stored = (await setup.store.identities.findProviderTokens(identity.id))!;
    // What another process sealed under its own key: a key id this Auth does not hold.
    const [version, , iv, data] = stored.accessToken.split('.');
    await setup.store.identities.saveProviderTokens({ ...stored, accessToken: [version, 'retired-key', iv, data].join('.') });

    await expect(setup.auth.social.getProviderAccessToken(userId, 'oidc')).rejects.toMatchObject({
      code: 'PROVIDER_SIGN_IN_REQUIRED',
      status: 403,
    });
    expect(await setup.store.identities.findProviderTokens(identity.id)).toBeNull();
    // Signing in again stores tokens this key opens.
    await signIn(setup, 'hopper');
    await expect(setup.auth.social.getProviderAccessToken(userId, 'oidc')).resolves.toHaveProperty('accessToken');
  });

  it('a provider that cannot be reached for the refresh answers 503 PROVIDER_UNAVAILABLE, naming no token', async () => {
    const setup = await setUp();
    const userId = await signIn(setup);
    const { accessToken } = await setup.auth.social.getProviderAccessToken(userId, 'oidc');
    await setup.idp.close();
    setup.clock.advance(ACCESS_TOKEN_SECONDS);

    const error = await setup.auth.social.getProviderAccessToken(userId, 'oidc').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', status: 503, retryAfterSeconds: 30 });
    expect(String((error as Error).cause)).toMatch(/^Error: provider oidc: /);
    expect(JSON.stringify(error) + String((error as Error).cause)).not.toContain(accessToken);
    // The tokens stay: the provider may answer again.
    const identity = (await setup.store.identities.listIdentitiesOfUser(userId))[0]!;
    expect(await setup.store.identities.findProviderTokens(identity.id)).not.toBeNull();
  });

  it('unlinking the identity deletes its tokens', async () => {
    const setup = await setUp();
    const userId = await signIn(setup);
    await setup.auth.social.getProviderAccessToken(userId, 'oidc');
    const identity = (await setup.store.identities.listIdentitiesOfUser(userId))[0]!;
    // A password first: the only identity of an account without one cannot be unlinked.
    await setup.store.users.changePassword(userId, 'fake$hash', setup.clock.now());
    await setup.auth.social.unlinkIdentity(userId, 'oidc');

    expect(await setup.store.identities.findProviderTokens(identity.id)).toBeNull();
    await expect(setup.auth.social.getProviderAccessToken(userId, 'oidc')).rejects.toMatchObject({ code: 'IDENTITY_NOT_FOUND' });
  });

  it('is off by default: nothing is stored and the call says how to turn it on', async () => {
    const setup = await setUp({});
    const userId = await signIn(setup);
    const identity = (await setup.store.identities.listIdentitiesOfUser(userId))[0]!;
    expect(await setup.store.identities.findProviderTokens(identity.id)).toBeNull();
    await expect(setup.auth.social.getProviderAccessToken(userId, 'oidc')).rejects.toMatchObject({
      code: 'INVALID_CONFIG',
      message: expect.stringContaining('social.storeProviderTokens'),
    });
  });

  it('refuses to start storing tokens without an encryption key, naming both settings', async () => {
    await expect(setUp({ storeProviderTokens: true }, [])).rejects.toMatchObject({
      code: 'INVALID_CONFIG',
      message: expect.stringMatching(/social\.storeProviderTokens.*mfa\.encryptionKeys/),
    });
  });
});
