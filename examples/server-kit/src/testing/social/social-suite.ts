import { createClient, type Api, type ServerUnderTest } from '@gatehousejs/http/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalOidcProvider, type LocalOidcProvider } from './local-oidc-provider.js';
import {
  discordShape,
  facebookShape,
  githubShape,
  spotifyShape,
  startOAuth2ProviderFake,
  xShape,
  type OAuth2ProviderFake,
} from './oauth2-provider-fake.js';
import { describeProviderShapes, OIDC_SHAPED_CLIENTS, providerEnv, TENANT_ID, type ProviderPeers } from './provider-shapes.js';
import type { SuiteOverrides } from '../start-for-suite.js';
import { describeSocialHardening, HTTPS_APP_URL } from './social-hardening.js';
import { describeCallbackThreats } from './callback-threats.js';
import { FRONT, SOCIAL_APP_URL, uniqueTag } from './social-app.js';
import { describeLinkingCases } from './linking-cases.js';
import { describeProvidersAndStart } from './providers-and-start.js';
import { describeTakeoverCases } from './takeover-cases.js';
import { TestBrowser } from './test-browser.js';

export { SOCIAL_APP_URL } from './social-app.js';

/** Starts an example server configured by these environment variables (its own OAUTH_* settings included), and the overrides (a clock). */
export type StartExampleServer = (env: Record<string, string>, overrides?: SuiteOverrides) => Promise<ServerUnderTest>;
const callbackOf = (id: string) => `${SOCIAL_APP_URL}/api/v1/auth/oauth/${id}/callback`;
const BASE_ENV = {
  JWT_SECRET: 'social-suite-access-secret-0123456789-abcdefghij',
  JWT_REFRESH_SECRET: 'social-suite-refresh-secret-0123456789-abcdefghi',
  APP_URL: SOCIAL_APP_URL,
  ARGON2_MEMORY_COST: '1024',
  ARGON2_TIME_COST: '1',
  RATE_LIMIT_ENABLED: 'false',
  OAUTH_ALLOW_INSECURE_PROVIDERS: 'true',
};

interface Peers extends ProviderPeers {
  /** A second, unrelated issuer, for mix-up cases. */
  other: LocalOidcProvider;
  github: OAuth2ProviderFake;
  discord: OAuth2ProviderFake;
}

/**
 * Social sign-in end to end through a server under test, with real protocol peers on loopback: the
 * certified `oidc-provider` as generic OIDC provider and as every OIDC-shaped provider (Google,
 * Apple by form_post, LinkedIn, GitLab, Twitch, Slack, Battle.net; Microsoft on a second instance
 * with a `{tenantid}` issuer), a second issuer for mix-up, and provider-shaped plain OAuth 2.0 fakes
 * (GitHub, Discord, X, Facebook, Spotify). Cases are named by the threat they close.
 */
export function describeSocialSignInSuite(name: string, start: StartExampleServer): void {
  describe(`${name}: social sign-in`, () => {
    const peers = {} as Peers;
    let server: ServerUnderTest;
    let api: Api;

    beforeAll(async () => {
      [peers.oidc, peers.microsoft, peers.other, peers.github, peers.discord, peers.x, peers.facebook, peers.spotify] = await Promise.all([
        startLocalOidcProvider({
          redirectUris: [callbackOf('oidc'), callbackOf('google'), `${HTTPS_APP_URL}/api/v1/auth/oauth/oidc/callback`],
          clients: OIDC_SHAPED_CLIENTS(callbackOf),
        }),
        startLocalOidcProvider({ redirectUris: [callbackOf('microsoft')], clientAuth: 'client_secret_post', entraTenant: TENANT_ID }),
        startLocalOidcProvider({ redirectUris: [callbackOf('oidc'), callbackOf('corp')] }),
        startOAuth2ProviderFake(githubShape),
        startOAuth2ProviderFake(discordShape),
        startOAuth2ProviderFake(xShape),
        startOAuth2ProviderFake(facebookShape),
        startOAuth2ProviderFake(spotifyShape),
      ]);
      server = await start({
        ...BASE_ENV,
        ...providerEnv(peers),
        OIDC_ISSUER: peers.oidc.issuer,
        OIDC_CLIENT_ID: peers.oidc.clientId,
        OIDC_CLIENT_SECRET: peers.oidc.clientSecret,
        OIDC_NAME: 'Local IdP',
        // A second generic OpenID Connect provider beside `oidc`, under its own id.
        OIDC_CORP_ISSUER: peers.other.issuer,
        OIDC_CORP_CLIENT_ID: peers.other.clientId,
        OIDC_CORP_CLIENT_SECRET: peers.other.clientSecret,
        OIDC_CORP_NAME: 'Corp SSO',
        OAUTH_GOOGLE_CLIENT_ID: peers.oidc.clientId,
        OAUTH_GOOGLE_CLIENT_SECRET: peers.oidc.clientSecret,
        OAUTH_GOOGLE_ISSUER: peers.oidc.issuer,
        OAUTH_GITHUB_CLIENT_ID: peers.github.clientId,
        OAUTH_GITHUB_CLIENT_SECRET: peers.github.clientSecret,
        OAUTH_GITHUB_AUTHORIZATION_URL: peers.github.authorizationUrl,
        OAUTH_GITHUB_TOKEN_URL: peers.github.tokenUrl,
        OAUTH_GITHUB_API_URL: peers.github.apiUrl,
        OAUTH_DISCORD_CLIENT_ID: peers.discord.clientId,
        OAUTH_DISCORD_CLIENT_SECRET: peers.discord.clientSecret,
        OAUTH_DISCORD_AUTHORIZATION_URL: peers.discord.authorizationUrl,
        OAUTH_DISCORD_TOKEN_URL: peers.discord.tokenUrl,
        OAUTH_DISCORD_API_URL: peers.discord.apiUrl,
      });
      api = createClient(server.baseUrl);
    });

    afterAll(async () => {
      await server?.close();
      await Promise.all(Object.values(peers).map((peer) => peer?.close()));
    });

    const browser = () => new TestBrowser(SOCIAL_APP_URL, server.baseUrl);
    const startUrl = (provider: string, redirect = FRONT) =>
      `${SOCIAL_APP_URL}/api/v1/auth/oauth/${provider}?redirect_uri=${encodeURIComponent(redirect)}`;
    /** The front end trading the code it was sent back with, from the browser that ran the flow. */
    const exchange = (result: { code: string | null; browser: TestBrowser }) => result.browser.exchange(result.code);

    /** Signs in through `provider` in a fresh browser and returns where the front end was sent. */
    async function signIn(provider: string, b = browser()) {
      const landed = await b.navigate(startUrl(provider));
      return { landed, browser: b, code: landed.searchParams.get('code'), error: landed.searchParams.get('error') };
    }

    /** The start and the provider's answer, stopping before our callback: the callback URL and the browser. */
    async function untilCallback(provider: string, b = browser()) {
      let url = startUrl(provider);
      for (let hop = 0; hop < 20; hop++) {
        const response = await b.request(url);
        const location = new URL(response.headers.get('location') ?? '', url).href;
        if (location.startsWith(callbackOf(provider))) return { callback: location, browser: b };
        url = location;
      }
      throw new Error('no callback reached');
    }

    describeProvidersAndStart(() => ({ api, oidc: peers.oidc }));

    describe('sign-in through the OpenID Provider', () => {
      it('creates the account on the first sign-in and signs it in again on the next, through a one-time exchange code', async () => {
        const sub = uniqueTag('oidc-');
        const email = `${sub}@example.com`;
        peers.oidc.signInAs({ sub, email, email_verified: true, name: 'Ada Lovelace', preferred_username: 'ada' });

        const first = await signIn('oidc');
        expect(first.error).toBeNull();
        expect(first.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
        const session = await exchange(first);
        expect(session.status).toBe(200);
        expect(session.body).toEqual({
          accessToken: expect.any(String),
          refreshToken: expect.any(String),
          user: { id: expect.any(String), email, roles: [] },
          isNewUser: true,
        });
        expect(session.headers.get('cache-control')).toBe('no-store');

        const again = await exchange(await signIn('oidc'));
        expect(again.status).toBe(200);
        expect(again.body).toMatchObject({ user: { id: session.body.user.id, email, roles: [] }, isNewUser: false });

        const me = await api('GET', '/api/v1/users/me', { token: again.body.accessToken });
        expect(me.body).toMatchObject({ email, isActive: true, roles: [] });
        const identities = await api('GET', '/api/v1/users/me/identities', { token: again.body.accessToken });
        expect(identities.status).toBe(200);
        expect(identities.body).toEqual({
          identities: [
            {
              provider: 'oidc',
              email,
              emailVerified: true,
              displayName: 'Ada Lovelace',
              createdAt: expect.any(String),
              lastLoginAt: expect.any(String),
            },
          ],
        });
      });

      it('cleans the names a provider sends (CR/LF, U+202E, zero-width, markup) and never makes a reserved username', async () => {
        peers.oidc.signInAs({
          sub: uniqueTag('names-'),
          email: `${uniqueTag('names')}@example.com`,
          email_verified: true,
          name: 'Mal\r\nlory\u202E\u200B<script>x</script>',
          preferred_username: 'root',
        });
        const session = await exchange(await signIn('oidc'));
        const me = await api('GET', '/api/v1/users/me', { token: session.body.accessToken });
        expect(me.body).toMatchObject({ firstName: 'Malloryx', username: expect.stringMatching(/^oidc_root(_[0-9a-f]{4})?$/) });
        const identities = await api('GET', '/api/v1/users/me/identities', { token: session.body.accessToken });
        expect(identities.body.identities[0].displayName).toBe('Malloryx');
      });

      it('signs in through a second generic OIDC provider (OIDC_CORP_*) under its own id, as an identity of its own', async () => {
        const sub = uniqueTag('corp-');
        peers.other.signInAs({ sub, email: `${sub}@corp.example`, email_verified: true, name: 'Corp User' });
        const session = await exchange(await signIn('corp'));
        expect(session.status).toBe(200);
        const identities = await api('GET', '/api/v1/users/me/identities', { token: session.body.accessToken });
        expect(identities.body.identities).toMatchObject([{ provider: 'corp', email: `${sub}@corp.example`, emailVerified: true }]);
      });

      it('never puts a JWT in any Location, and the callback says no-store and no-referrer', async () => {
        peers.oidc.signInAs({ sub: uniqueTag('jwt-'), email: `${uniqueTag('jwt')}@example.com`, email_verified: true });
        const { browser: b } = await signIn('oidc');
        expect(b.jwtInLocations()).toEqual([]);
        const callbackHop = b.hops.find((h) => h.url.startsWith(callbackOf('oidc')))!;
        expect(callbackHop.status).toBe(302);
        expect(callbackHop.headers.get('cache-control')).toBe('no-store');
        expect(callbackHop.headers.get('referrer-policy')).toBe('no-referrer');
        expect(callbackHop.location).toMatch(/^http:\/\/app\.example\.test\/\?code=[A-Za-z0-9_-]{43}$/);
      });

      it('exchange code replayed: the second use answers 400', async () => {
        peers.oidc.signInAs({ sub: uniqueTag('replay-'), email: `${uniqueTag('replay')}@example.com`, email_verified: true });
        const result = await signIn('oidc');
        expect((await exchange(result)).status).toBe(200);
        const replay = await exchange(result);
        expect(replay.status).toBe(400);
        expect(replay.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      });

      it('exchange code used twice in parallel: exactly one 200', async () => {
        peers.oidc.signInAs({ sub: uniqueTag('par-'), email: `${uniqueTag('par')}@example.com`, email_verified: true });
        const result = await signIn('oidc');
        const answers = await Promise.all(Array.from({ length: 5 }, () => exchange(result)));
        expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
      });

      it("login CSRF: the attacker's code opened in the victim's browser answers 400, whether or not the victim ran a flow", async () => {
        peers.oidc.signInAs({ sub: uniqueTag('csrf-'), email: `${uniqueTag('csrf')}@example.com`, email_verified: true });
        const attacker = await signIn('oidc');
        const victimIdle = browser();
        const lured = await victimIdle.exchange(attacker.code);
        expect(lured.status).toBe(400);
        expect(lured.body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'ONE_TIME_TOKEN_INVALID' });
        // A victim in the middle of a flow of their own holds a browser key, but not the attacker's.
        const victimBusy = (await untilCallback('oidc')).browser;
        expect((await victimBusy.exchange(attacker.code)).status).toBe(400);
        // Neither attempt used the code up: it still works in the browser that ran its flow.
        expect((await exchange(attacker)).status).toBe(200);
      });

      it("the callback keeps the browser key for the exchange (the code's 60 s), and the exchange clears it", async () => {
        peers.oidc.signInAs({ sub: uniqueTag('keep-'), email: `${uniqueTag('keep')}@example.com`, email_verified: true });
        const result = await signIn('oidc');
        const callbackHop = result.browser.hops.find((h) => h.url.startsWith(callbackOf('oidc')))!;
        expect(callbackHop.headers.get('set-cookie')).toMatch(
          /^gatehouse-oauth=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=60$/,
        );
        const session = await exchange(result);
        expect(session.status).toBe(200);
        expect(session.headers.get('set-cookie')).toBe('gatehouse-oauth=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
      });

      it('refuses an unknown or malformed exchange code with 400', async () => {
        expect((await exchange({ code: 'A'.repeat(43), browser: browser() })).status).toBe(400);
        expect((await exchange({ code: null, browser: browser() })).status).toBe(400);
        expect((await api('POST', '/api/v1/auth/oauth/exchange', { body: {} })).status).toBe(400);
      });
    });

    describeCallbackThreats(() => ({ api, server, oidc: peers.oidc, other: peers.other, untilCallback }));

    describeLinkingCases(() => ({
      api,
      server,
      github: peers.github,
      discord: peers.discord,
      browser,
      signIn: (provider) => signIn(provider),
      exchange,
    }));

    describeProviderShapes(() => ({ peers, api, signIn: (provider) => signIn(provider) }));
    describeSocialHardening(start, BASE_ENV, () => peers.oidc);
    describeTakeoverCases(() => ({
      api,
      server,
      oidc: peers.oidc,
      facebook: peers.facebook,
      async signInAndExchange(provider) {
        const result = await signIn(provider);
        const session = result.code ? await exchange(result) : { status: 0, body: null };
        return { status: session.status, body: session.body, error: result.error };
      },
    }));
  });
}
