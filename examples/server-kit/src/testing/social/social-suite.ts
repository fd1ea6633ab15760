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
import { describeTakeoverCases } from './takeover-cases.js';
import { TestBrowser } from './test-browser.js';

export const SOCIAL_APP_URL = 'http://app.example.test';

/** Starts an example server configured by these environment variables (its own OAUTH_* settings included), and the overrides (a clock). */
export type StartExampleServer = (env: Record<string, string>, overrides?: SuiteOverrides) => Promise<ServerUnderTest>;
const FRONT = `${SOCIAL_APP_URL}/`;
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

let sequence = 0;
const unique = (tag: string) => `${tag}${++sequence}${Math.random().toString(36).slice(2, 7)}`;

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
        startLocalOidcProvider({ redirectUris: [callbackOf('oidc')] }),
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

    describe('providers and start', () => {
      it('lists the enabled providers with protocol and whether they return an e-mail', async () => {
        const res = await api('GET', '/api/v1/auth/oauth/providers');
        expect(res.status).toBe(200);
        expect(res.body.providers).toEqual(
          expect.arrayContaining([
            { id: 'oidc', name: 'Local IdP', protocol: 'oidc', returnsEmail: true },
            { id: 'google', name: 'Google', protocol: 'oidc', returnsEmail: true },
            { id: 'github', name: 'GitHub', protocol: 'oauth2', returnsEmail: true },
            { id: 'discord', name: 'Discord', protocol: 'oauth2', returnsEmail: true },
            { id: 'microsoft', name: 'Microsoft', protocol: 'oidc', returnsEmail: true },
            { id: 'apple', name: 'Apple', protocol: 'oidc', returnsEmail: true },
            { id: 'battlenet', name: 'Battle.net', protocol: 'oidc', returnsEmail: false },
            { id: 'x', name: 'X', protocol: 'oauth2', returnsEmail: true },
          ]),
        );
        expect(res.body.providers.map((p: { id: string }) => p.id).sort()).toEqual([
          'apple',
          'battlenet',
          'discord',
          'facebook',
          'github',
          'gitlab',
          'google',
          'linkedin',
          'microsoft',
          'oidc',
          'slack',
          'spotify',
          'twitch',
          'x',
        ]);
      });

      it('answers 404 for an unknown or disabled provider', async () => {
        for (const provider of ['nope', 'steam', 'providers2']) {
          const res = await api('GET', `/api/v1/auth/oauth/${provider}?redirect_uri=${encodeURIComponent(FRONT)}`);
          expect(res.status, provider).toBe(404);
          expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
        }
      });

      it('redirects to the provider with state, PKCE S256 and a nonce, and binds the browser with an HttpOnly SameSite=Lax cookie', async () => {
        const res = await api('GET', `/api/v1/auth/oauth/oidc?redirect_uri=${encodeURIComponent(FRONT)}`);
        expect(res.status).toBe(302);
        const location = new URL(res.headers.get('location')!);
        expect(location.origin).toBe(peers.oidc.issuer);
        expect(location.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(location.searchParams.get('code_challenge_method')).toBe('S256');
        expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(location.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(location.searchParams.get('redirect_uri')).toBe(callbackOf('oidc'));
        expect(res.headers.get('set-cookie')).toMatch(/^gatehouse-oauth=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=600$/);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      });

      it('open redirect: refuses a redirect_uri off the allow-list, by prefix tricks, userinfo or another scheme, with 400', async () => {
        const attempts = [
          'https://evil.example/',
          `${SOCIAL_APP_URL}.evil.example/`,
          `${SOCIAL_APP_URL}/other`,
          `${SOCIAL_APP_URL}//evil.example/`,
          `http://evil.example@app.example.test/`,
          `http://app.example.test:8080/`,
          `javascript:alert(1)//${SOCIAL_APP_URL}/`,
          `${SOCIAL_APP_URL}/?next=https://evil.example/`,
          `${SOCIAL_APP_URL}/#x`,
          '/relative',
          '',
        ];
        for (const uri of attempts) {
          const res = await api('GET', `/api/v1/auth/oauth/oidc?redirect_uri=${encodeURIComponent(uri)}`);
          expect(res.status, uri).toBe(400);
          expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
          expect(res.headers.get('location'), uri).toBeNull();
        }
      });
    });

    describe('sign-in through the OpenID Provider', () => {
      it('creates the account on the first sign-in and signs it in again on the next, through a one-time exchange code', async () => {
        const sub = unique('oidc-');
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
          sub: unique('names-'),
          email: `${unique('names')}@example.com`,
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

      it('never puts a JWT in any Location, and the callback says no-store and no-referrer', async () => {
        peers.oidc.signInAs({ sub: unique('jwt-'), email: `${unique('jwt')}@example.com`, email_verified: true });
        const { browser: b } = await signIn('oidc');
        expect(b.jwtInLocations()).toEqual([]);
        const callbackHop = b.hops.find((h) => h.url.startsWith(callbackOf('oidc')))!;
        expect(callbackHop.status).toBe(302);
        expect(callbackHop.headers.get('cache-control')).toBe('no-store');
        expect(callbackHop.headers.get('referrer-policy')).toBe('no-referrer');
        expect(callbackHop.location).toMatch(/^http:\/\/app\.example\.test\/\?code=[A-Za-z0-9_-]{43}$/);
      });

      it('exchange code replayed: the second use answers 400', async () => {
        peers.oidc.signInAs({ sub: unique('replay-'), email: `${unique('replay')}@example.com`, email_verified: true });
        const result = await signIn('oidc');
        expect((await exchange(result)).status).toBe(200);
        const replay = await exchange(result);
        expect(replay.status).toBe(400);
        expect(replay.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      });

      it('exchange code used twice in parallel: exactly one 200', async () => {
        peers.oidc.signInAs({ sub: unique('par-'), email: `${unique('par')}@example.com`, email_verified: true });
        const result = await signIn('oidc');
        const answers = await Promise.all(Array.from({ length: 5 }, () => exchange(result)));
        expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
      });

      it("login CSRF: the attacker's code opened in the victim's browser answers 400, whether or not the victim ran a flow", async () => {
        peers.oidc.signInAs({ sub: unique('csrf-'), email: `${unique('csrf')}@example.com`, email_verified: true });
        const attacker = await signIn('oidc');
        const victimIdle = browser();
        const lured = await victimIdle.exchange(attacker.code);
        expect(lured.status).toBe(400);
        expect(lured.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
        // A victim in the middle of a flow of their own holds a browser key, but not the attacker's.
        const victimBusy = (await untilCallback('oidc')).browser;
        expect((await victimBusy.exchange(attacker.code)).status).toBe(400);
        // Neither attempt used the code up: it still works in the browser that ran its flow.
        expect((await exchange(attacker)).status).toBe(200);
      });

      it("the callback keeps the browser key for the exchange (the code's 60 s), and the exchange clears it", async () => {
        peers.oidc.signInAs({ sub: unique('keep-'), email: `${unique('keep')}@example.com`, email_verified: true });
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

    describe('threats at the callback', () => {
      beforeAll(() => peers.oidc.signInAs({ sub: unique('threat-'), email: `${unique('threat')}@example.com`, email_verified: true }));

      it('state missing: 400 and no redirect', async () => {
        const { callback, browser: b } = await untilCallback('oidc');
        const url = new URL(callback);
        url.searchParams.delete('state');
        const res = await b.request(url.href);
        expect(res.status).toBe(400);
        expect(res.headers.get('location')).toBeNull();
      });

      it('a form_post callback (as Apple sends it) is read as a form: an unknown state answers 400, a JSON body 415', async () => {
        const form = await api('POST', '/api/v1/auth/oauth/oidc/callback', {
          rawBody: 'state=unknown-state&code=x',
          contentType: 'application/x-www-form-urlencoded',
        });
        expect(form.status).toBe(400);
        expect(form.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
        const json = await api('POST', '/api/v1/auth/oauth/oidc/callback', { body: { state: 'x' } });
        expect(json.status).toBe(415);
      });

      it('state wrong: 400 and no redirect', async () => {
        const { callback, browser: b } = await untilCallback('oidc');
        const url = new URL(callback);
        url.searchParams.set('state', 'A'.repeat(43));
        expect((await b.request(url.href)).status).toBe(400);
      });

      it('state replayed (authorization code replay through our callback): the second callback answers 400', async () => {
        const { callback, browser: b } = await untilCallback('oidc');
        const cookie = b.cookieFor(callback);
        const first = await b.request(callback);
        expect(first.status).toBe(302);
        expect(new URL(first.headers.get('location')!).searchParams.get('code')).not.toBeNull();
        const replay = await fetch(callback.replace(SOCIAL_APP_URL, server.baseUrl), { headers: { cookie: cookie! }, redirect: 'manual' });
        expect(replay.status).toBe(400);
      });

      it('cookie missing (login CSRF): the callback sends the browser back with error=access_denied', async () => {
        const { callback, browser: b } = await untilCallback('oidc');
        b.clearCookies(callback);
        const res = await b.request(callback);
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toBe(`${FRONT}?error=access_denied`);
      });

      it('iss mismatch (mix-up): an answer naming another issuer ends in error=provider_error', async () => {
        const { callback, browser: b } = await untilCallback('oidc');
        const url = new URL(callback);
        url.searchParams.set('iss', peers.other.issuer);
        const res = await b.request(url.href);
        expect(res.headers.get('location')).toBe(`${FRONT}?error=provider_error`);
      });

      it('PKCE mismatch (code injection): a code obtained in another browser fails at the token endpoint', async () => {
        const victim = await untilCallback('oidc');
        const attacker = await untilCallback('oidc');
        const injected = new URL(victim.callback);
        injected.searchParams.set('code', new URL(attacker.callback).searchParams.get('code')!);
        const res = await victim.browser.request(injected.href);
        expect(res.headers.get('location')).toBe(`${FRONT}?error=provider_error`);
      });

      it('the provider refuses consent: error=access_denied', async () => {
        const { callback, browser: b } = await untilCallback('oidc');
        const url = new URL(callback);
        for (const key of ['code']) url.searchParams.delete(key);
        url.searchParams.set('error', 'access_denied');
        const res = await b.request(url.href);
        expect(res.headers.get('location')).toBe(`${FRONT}?error=access_denied`);
      });
    });

    describe('linking by e-mail (Discord- and GitHub-shaped providers)', () => {
      async function registered(confirmed: boolean) {
        const tag = unique('link');
        const input = {
          firstName: 'Ada',
          lastName: 'L',
          username: tag,
          email: `${tag}@example.com`,
          password: 'correct horse battery',
          confirmPassword: 'correct horse battery',
        };
        const res = await api('POST', '/api/v1/auth/register', { body: input });
        expect(res.status).toBe(201);
        if (confirmed) {
          const mail = await server.waitForMail((m) => m.to.includes(input.email));
          const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
          expect((await api('GET', `/api/v1/auth/verify-email?token=${token}`)).status).toBe(200);
        }
        return { id: res.body.user.id as string, email: input.email, password: input.password };
      }

      it.each([
        [true, true, 'links and signs in the existing account'],
        [true, false, 'account_exists'],
        [false, true, 'account_exists'],
        [false, false, 'account_exists'],
      ])('provider verified %s × local address confirmed %s: %s', async (providerVerified, localConfirmed, expected) => {
        const local = await registered(localConfirmed);
        peers.discord.signInAs({
          id: 9_000_000 + ++sequence,
          login: 'wumpus',
          name: 'Wumpus',
          email: local.email,
          verified: providerVerified,
        });
        const result = await signIn('discord');
        if (expected === 'account_exists') {
          expect(result.error).toBe('account_exists');
          expect(result.code).toBeNull();
          return;
        }
        const session = await exchange(result);
        expect(session.body).toMatchObject({ user: { id: local.id, email: local.email }, isNewUser: false });
      });

      it('GitHub: an address that is not the verified primary one is never used, so it cannot take over the local account', async () => {
        const local = await registered(true);
        peers.github.signInAs({ id: 6_000_000 + ++sequence, login: 'squatter', name: 'Squatter', email: local.email, verified: false });
        const session = await exchange(await signIn('github'));
        expect(session.status).toBe(200);
        expect(session.body).toMatchObject({ user: { email: null, roles: [] }, isNewUser: true });
        expect(session.body.user.id).not.toBe(local.id);
      });

      it('an account that only the provider knows is created without roles, its subject read from the numeric id', async () => {
        const email = `${unique('octo')}@example.com`;
        peers.github.signInAs({ id: 424242 + ++sequence, login: 'octo-new', name: 'Octo New', email, verified: true });
        const session = await exchange(await signIn('github'));
        expect(session.body).toMatchObject({ user: { email, roles: [] }, isNewUser: true });
        const me = await api('GET', '/api/v1/users/me', { token: session.body.accessToken });
        expect(me.body).toMatchObject({ username: 'octo-new', isActive: true, roles: [] });
      });

      it('links a provider account to the signed-in user, refuses it to another user (identity_in_use), and unlinks down to the last way in', async () => {
        const owner = await registered(true);
        const login = await api('POST', '/api/v1/auth/login', { body: { email: owner.email, password: owner.password } });
        const token = login.body.accessToken as string;
        const githubId = 7_000_000 + ++sequence;
        peers.github.signInAs({ id: githubId, login: 'linker', name: 'Linker', email: null, verified: false });

        const linkWith = async (bearer: string) => {
          const b = browser();
          const started = await api('POST', '/api/v1/auth/oauth/github/link', { token: bearer, body: { redirect_uri: FRONT } });
          expect(started.status).toBe(200);
          expect(started.body.url).toMatch(new RegExp(`^${peers.github.authorizationUrl}\\?`));
          // The page's fetch stores the binding cookie of the answer, then sends the browser to the provider.
          b.acceptCookie(`${SOCIAL_APP_URL}/api/v1/auth/oauth/github/link`, started.headers.get('set-cookie'));
          return b.navigate(started.body.url as string);
        };
        expect((await linkWith(token)).href).toBe(`${FRONT}?linked=github`);
        const listed = await api('GET', '/api/v1/users/me/identities', { token });
        expect(listed.body.identities.map((i: { provider: string }) => i.provider)).toEqual(['github']);

        const intruder = await registered(true);
        const intruderToken = (await api('POST', '/api/v1/auth/login', { body: { email: intruder.email, password: intruder.password } }))
          .body.accessToken;
        expect((await linkWith(intruderToken)).href).toBe(`${FRONT}?error=identity_in_use`);

        expect((await api('DELETE', '/api/v1/users/me/identities/gitlab', { token })).status).toBe(404);
        expect((await api('DELETE', '/api/v1/users/me/identities/github', { token })).status).toBe(204);
        expect((await api('GET', '/api/v1/users/me/identities', { token })).body).toEqual({ identities: [] });
      });

      it('refuses to unlink the only way into an account made by a provider (409)', async () => {
        peers.github.signInAs({
          id: 8_000_000 + ++sequence,
          login: 'solo',
          name: 'Solo',
          email: `${unique('solo')}@example.com`,
          verified: true,
        });
        const session = await exchange(await signIn('github'));
        const res = await api('DELETE', '/api/v1/users/me/identities/github', { token: session.body.accessToken });
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
      });
    });

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
