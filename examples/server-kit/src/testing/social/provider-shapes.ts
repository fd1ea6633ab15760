import type { Api } from '@gatehousejs/http/testing';
import { describe, expect, it } from 'vitest';
import type { AccountClaims, LocalClient, LocalOidcProvider } from './local-oidc-provider.js';
import type { FakeAccount, OAuth2ProviderFake } from './oauth2-provider-fake.js';
import type { TestBrowser } from './test-browser.js';

/** The Entra tenant the Microsoft-shaped provider issues for (its issuer is `<authority>/<tenant>/v2.0`). */
export const TENANT_ID = '6b1f2c3d-0a1b-4c2d-8e3f-00000000abcd';

/** The peers each provider of this file signs in at. */
export interface ProviderPeers {
  /** Generic OIDC, Google, and a client for each other OIDC-shaped provider (`OIDC_SHAPED_CLIENTS`). */
  oidc: LocalOidcProvider;
  /** Entra-shaped: `common` discovery with the `{tenantid}` issuer. */
  microsoft: LocalOidcProvider;
  x: OAuth2ProviderFake;
  facebook: OAuth2ProviderFake;
  spotify: OAuth2ProviderFake;
}

/**
 * Each OIDC-shaped provider's app registration at the local OpenID Provider, as the provider
 * itself would take it: its client authentication, and PKCE required only where the provider's
 * definition sends it.
 */
export const OIDC_SHAPED_CLIENTS = (callbackOf: (id: string) => string): LocalClient[] => [
  { clientId: 'linkedin-client', redirectUri: callbackOf('linkedin'), auth: 'client_secret_post', pkce: false },
  { clientId: 'gitlab-client', redirectUri: callbackOf('gitlab'), auth: 'client_secret_post', pkce: true },
  { clientId: 'twitch-client', redirectUri: callbackOf('twitch'), auth: 'client_secret_post', pkce: false },
  { clientId: 'slack-client', redirectUri: callbackOf('slack'), auth: 'client_secret_post', pkce: false },
  { clientId: 'battlenet-client', redirectUri: callbackOf('battlenet'), auth: 'client_secret_basic', pkce: false },
  { clientId: 'apple-client', redirectUri: callbackOf('apple'), auth: 'apple_es256_jwt', pkce: false },
];

const fakeEnv = (id: string, fake: OAuth2ProviderFake) => ({
  [`OAUTH_${id}_CLIENT_ID`]: fake.clientId,
  [`OAUTH_${id}_CLIENT_SECRET`]: fake.clientSecret,
  [`OAUTH_${id}_AUTHORIZATION_URL`]: fake.authorizationUrl,
  [`OAUTH_${id}_TOKEN_URL`]: fake.tokenUrl,
  [`OAUTH_${id}_API_URL`]: fake.apiUrl,
});

/** The example's environment that points every provider of this file at its local peer. */
export function providerEnv(peers: ProviderPeers): Record<string, string> {
  const oidc = peers.oidc;
  const env: Record<string, string> = {
    OAUTH_MICROSOFT_CLIENT_ID: peers.microsoft.clientId,
    OAUTH_MICROSOFT_CLIENT_SECRET: peers.microsoft.clientSecret,
    OAUTH_MICROSOFT_AUTHORITY: peers.microsoft.authority,
    OAUTH_APPLE_CLIENT_ID: 'apple-client',
    OAUTH_APPLE_TEAM_ID: oidc.apple.teamId,
    OAUTH_APPLE_KEY_ID: oidc.apple.keyId,
    OAUTH_APPLE_PRIVATE_KEY: oidc.apple.privateKey,
    OAUTH_APPLE_ISSUER: oidc.issuer,
    ...fakeEnv('X', peers.x),
    ...fakeEnv('FACEBOOK', peers.facebook),
    ...fakeEnv('SPOTIFY', peers.spotify),
  };
  for (const id of ['LINKEDIN', 'GITLAB', 'TWITCH', 'SLACK', 'BATTLENET']) {
    env[`OAUTH_${id}_CLIENT_ID`] = `${id.toLowerCase()}-client`;
    env[`OAUTH_${id}_CLIENT_SECRET`] = oidc.clientSecret;
    env[`OAUTH_${id}_ISSUER`] = oidc.issuer;
  }
  return env;
}

interface SuiteParts {
  peers: ProviderPeers;
  api: Api;
  signIn(provider: string): Promise<{ code: string | null; error: string | null; browser: TestBrowser }>;
}

/** What one provider's documented answer must become: the identity as listed, and the account. */
interface ProviderCase {
  provider: string;
  /** Makes the peer sign in as a fresh account with this subject and address. */
  account(peers: ProviderPeers, subject: string, email: string): void;
  email: 'kept' | null;
  emailVerified: boolean;
  displayName: string | null;
  username?: string;
}

const oidcAccount = (extra: (email: string) => Omit<AccountClaims, 'sub'>) => (peers: ProviderPeers, sub: string, email: string) =>
  peers.oidc.signInAs({ sub, ...extra(email) });
const fakeAccount = (peer: 'x' | 'facebook' | 'spotify', verified: boolean) => (peers: ProviderPeers, subject: string, email: string) =>
  peers[peer].signInAs({ id: subject, login: `${peer}login`, name: `${peer} name`, email, verified } satisfies FakeAccount);

const CASES: ProviderCase[] = [
  {
    provider: 'microsoft',
    account: (peers, sub, email) =>
      peers.microsoft.signInAs({ sub, tid: TENANT_ID, email, name: 'Entra User', preferred_username: `entra@contoso.example` }),
    // Unverified unless a verified-email claim is configured.
    email: 'kept',
    emailVerified: false,
    displayName: 'Entra User',
  },
  {
    provider: 'apple',
    // Apple sends `email_verified` as the string "true".
    account: oidcAccount((email) => ({ email, email_verified: 'true' })),
    email: 'kept',
    emailVerified: true,
    displayName: null,
  },
  {
    provider: 'linkedin',
    account: oidcAccount((email) => ({ email, email_verified: true, name: 'Linked In', given_name: 'Linked' })),
    email: 'kept',
    emailVerified: true,
    displayName: 'Linked In',
  },
  {
    provider: 'gitlab',
    account: oidcAccount((email) => ({ email, email_verified: false, name: 'Git Lab', nickname: 'tanuki' })),
    email: 'kept',
    emailVerified: false,
    displayName: 'Git Lab',
    username: 'tanuki',
  },
  {
    provider: 'twitch',
    account: oidcAccount((email) => ({ email, email_verified: true, preferred_username: 'glitch' })),
    email: 'kept',
    emailVerified: true,
    displayName: 'glitch',
    username: 'glitch',
  },
  {
    provider: 'slack',
    account: oidcAccount((email) => ({ email, email_verified: true, name: 'Slack User', given_name: 'slacker' })),
    email: 'kept',
    emailVerified: true,
    displayName: 'Slack User',
  },
  {
    provider: 'battlenet',
    account: oidcAccount(() => ({ battle_tag: 'Hero#1234' })),
    email: null,
    emailVerified: false,
    displayName: 'Hero#1234',
  },
  { provider: 'x', account: fakeAccount('x', true), email: 'kept', emailVerified: true, displayName: 'x name' },
  { provider: 'x', account: fakeAccount('x', false), email: null, emailVerified: false, displayName: 'x name' },
  { provider: 'facebook', account: fakeAccount('facebook', true), email: 'kept', emailVerified: false, displayName: 'facebook name' },
  { provider: 'spotify', account: fakeAccount('spotify', true), email: 'kept', emailVerified: false, displayName: 'spotify name' },
];

let sequence = 0;

/**
 * Every provider's shapes end to end: each peer answers in the provider's documented shape, and the
 * account and identity must come out as the provider's file promises (address, whether it counts as
 * verified, name). `parts` is read when the tests run, after the suite's `beforeAll`.
 */
export function describeProviderShapes(parts: () => SuiteParts): void {
  describe('every provider against a peer of its shape', () => {
    it.each(
      CASES.map((c) => [`${c.provider} (e-mail ${c.email === null ? 'none' : c.emailVerified ? 'verified' : 'unverified'})`, c] as const),
    )('%s: signs in and maps the profile as documented', async (_name, c) => {
      const { peers, api, signIn } = parts();
      const tag = `${c.provider}${++sequence}${Math.random().toString(36).slice(2, 7)}`;
      const email = `${tag}@example.com`;
      c.account(peers, `subject-${tag}`, email);
      const result = await signIn(c.provider);
      expect(result.error).toBeNull();
      expect(result.browser.jwtInLocations()).toEqual([]);
      const session = await result.browser.exchange(result.code);
      expect(session.status).toBe(200);
      const expectedEmail = c.email === null ? null : email;
      // An address the provider did not verify stays on the identity, never on the account (the takeover rule).
      const accountEmail = c.emailVerified ? expectedEmail : null;
      expect(session.body).toMatchObject({ user: { email: accountEmail, roles: [] }, isNewUser: true });
      const token = session.body.accessToken as string;
      const identities = await api('GET', '/api/v1/users/me/identities', { token });
      expect(identities.body.identities).toEqual([
        {
          provider: c.provider,
          email: expectedEmail,
          emailVerified: c.emailVerified,
          displayName: c.displayName,
          createdAt: expect.any(String),
          lastLoginAt: expect.any(String),
        },
      ]);
      const me = await api('GET', '/api/v1/users/me', { token });
      expect(me.body).toMatchObject({ email: accountEmail, isActive: c.emailVerified, roles: [] });
      if (c.username) expect(me.body.username).toBe(c.username);

      // The same provider account signs the same user in again.
      c.account(peers, `subject-${tag}`, email);
      const next = await signIn(c.provider);
      const again = await next.browser.exchange(next.code);
      expect(again.body).toMatchObject({ user: { id: session.body.user.id }, isNewUser: false });
    });

    it('Microsoft: an id_token whose tid names another tenant than its iss is refused (provider_error)', async () => {
      const { peers, signIn } = parts();
      peers.microsoft.signInAs({
        sub: `mixed-${++sequence}`,
        tid: '00000000-1111-4222-8333-444444444444',
        email: `mixed${sequence}@example.com`,
      });
      expect((await signIn('microsoft')).error).toBe('provider_error');
    });

    it('Microsoft: an id_token without a tenant id is refused (provider_error)', async () => {
      const { peers, signIn } = parts();
      peers.microsoft.signInAs({ sub: `notenant-${++sequence}`, email: `notenant${sequence}@example.com` });
      expect((await signIn('microsoft')).error).toBe('provider_error');
    });

    it('Apple: the callback comes as a form POST and is answered 303', async () => {
      const { peers, signIn } = parts();
      peers.oidc.signInAs({ sub: `apple-post-${++sequence}`, email: `applepost${sequence}@example.com`, email_verified: 'true' });
      const { browser, code } = await signIn('apple');
      expect(code).not.toBeNull();
      const callback = browser.hops.find((h) => h.url.includes('/oauth/apple/callback'))!;
      expect([callback.method, callback.status]).toEqual(['POST', 303]);
    });
  });
}
