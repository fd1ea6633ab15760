import { createClient, type Api, type ServerUnderTest } from '@gatehousejs/http/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCIAL_APP_URL, type StartExampleServer } from './social-suite.js';
import { startSteamStub, type SteamStub } from './steam-stub.js';
import { TestBrowser } from './test-browser.js';

const FRONT = `${SOCIAL_APP_URL}/`;
let sequence = 0;
/** A fresh 17-digit SteamID. */
const steamId = () => `765611979${String(60_000_000 + ++sequence * 7919 + Math.floor(Math.random() * 1000)).padStart(8, '0')}`;

const decodeClaims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

/**
 * Steam sign-in (OpenID 2.0) end to end against a Steam stub OP, and the life of an account without
 * an e-mail address. Cases are named by the threat they close.
 */
export function describeSteamSignInSuite(name: string, start: StartExampleServer): void {
  describe(`${name}: Steam sign-in`, () => {
    let steam: SteamStub;
    let server: ServerUnderTest;
    let api: Api;

    const steamEnv = () => ({
      JWT_SECRET: 'steam-suite-access-secret-0123456789-abcdefghij',
      JWT_REFRESH_SECRET: 'steam-suite-refresh-secret-0123456789-abcdefghi',
      APP_URL: SOCIAL_APP_URL,
      ARGON2_MEMORY_COST: '1024',
      ARGON2_TIME_COST: '1',
      RATE_LIMIT_ENABLED: 'false',
      STEAM_ENABLED: 'true',
      STEAM_API_KEY: steam.apiKey,
      STEAM_OPENID_ENDPOINT: steam.endpoint,
      STEAM_API_URL: steam.apiUrl,
      // The stub listens on plain http over loopback.
      OAUTH_ALLOW_INSECURE_PROVIDERS: 'true',
    });

    beforeAll(async () => {
      steam = await startSteamStub();
      server = await start(steamEnv());
      api = createClient(server.baseUrl);
    });

    afterAll(async () => {
      await server?.close();
      await steam?.close();
    });

    const startUrl = `${SOCIAL_APP_URL}/api/v1/auth/oauth/steam?redirect_uri=${encodeURIComponent(FRONT)}`;
    async function signIn() {
      const b = new TestBrowser(SOCIAL_APP_URL, server.baseUrl);
      const landed = await b.navigate(startUrl);
      return { browser: b, code: landed.searchParams.get('code'), error: landed.searchParams.get('error') };
    }
    const exchange = (result: { code: string | null; browser: TestBrowser }) => result.browser.exchange(result.code);
    const refused = async (tamper: (a: URLSearchParams) => URLSearchParams) => {
      steam.signInAs(steamId(), undefined, tamper);
      return (await signIn()).error;
    };

    it('lists Steam as an OpenID 2.0 provider without e-mail', async () => {
      const res = await api('GET', '/api/v1/auth/oauth/providers');
      expect(res.body).toEqual({ providers: [{ id: 'steam', name: 'Steam', protocol: 'openid2', returnsEmail: false }] });
    });

    it('starts with checkid_setup, identifier_select, a realm and a return_to bound to the state', async () => {
      const res = await api('GET', `/api/v1/auth/oauth/steam?redirect_uri=${encodeURIComponent(FRONT)}`);
      expect(res.status).toBe(302);
      const to = new URL(res.headers.get('location')!);
      expect(`${to.origin}${to.pathname}`).toBe(steam.endpoint);
      expect(to.searchParams.get('openid.mode')).toBe('checkid_setup');
      expect(to.searchParams.get('openid.identity')).toBe('http://specs.openid.net/auth/2.0/identifier_select');
      expect(to.searchParams.get('openid.claimed_id')).toBe('http://specs.openid.net/auth/2.0/identifier_select');
      expect(to.searchParams.get('openid.realm')).toBe(FRONT);
      expect(to.searchParams.get('openid.return_to')).toMatch(
        /^http:\/\/app\.example\.test\/api\/v1\/auth\/oauth\/steam\/callback\?state=[A-Za-z0-9_-]{43}$/,
      );
    });

    it('creates an account without e-mail (email null in every answer and in the token), named after the persona, without roles', async () => {
      const id = steamId();
      steam.signInAs(id, { name: 'Gabe N!', avatar: 'https://avatars.steamstatic.example/x_full.jpg' });
      const signedIn = await signIn();
      const { browser } = signedIn;
      const session = await exchange(signedIn);
      expect(session.status).toBe(200);
      expect(session.body).toMatchObject({ user: { email: null, roles: [] }, isNewUser: true });
      expect(decodeClaims(session.body.accessToken).email).toBeNull();
      const me = await api('GET', '/api/v1/users/me', { token: session.body.accessToken });
      expect(me.body).toMatchObject({ email: null, username: 'Gabe_N', isActive: false, roles: [] });
      const identities = await api('GET', '/api/v1/users/me/identities', { token: session.body.accessToken });
      expect(identities.body.identities).toEqual([
        {
          provider: 'steam',
          email: null,
          emailVerified: false,
          displayName: 'Gabe N!',
          createdAt: expect.any(String),
          lastLoginAt: expect.any(String),
        },
      ]);
      expect(browser.jwtInLocations()).toEqual([]);
      // The Web API key went in a header, never in a URL.
      expect(steam.apiRequests.length).toBeGreaterThan(0);
      expect(steam.apiRequests.join(' ')).not.toContain(steam.apiKey);
      expect((await exchange(await signIn())).body).toMatchObject({ user: { id: session.body.user.id }, isNewUser: false });
    });

    it('claimed_id on a foreign host: provider_error', async () => {
      const foreign = `https://steamcommunity.com.evil.example/openid/id/${steamId()}`;
      expect(await refused((a) => (a.set('openid.claimed_id', foreign), a.set('openid.identity', foreign), a))).toBe('provider_error');
    });

    it('claimed_id and identity that differ: provider_error', async () => {
      expect(await refused((a) => (a.set('openid.identity', `https://steamcommunity.com/openid/id/${steamId()}`), a))).toBe(
        'provider_error',
      );
    });

    it('changed op_endpoint: provider_error', async () => {
      expect(await refused((a) => (a.set('openid.op_endpoint', 'https://evil.example/openid/login'), a))).toBe('provider_error');
    });

    it('repeated parameters: provider_error', async () => {
      expect(await refused((a) => (a.append('openid.claimed_id', `https://steamcommunity.com/openid/id/${steamId()}`), a))).toBe(
        'provider_error',
      );
    });

    it('a NUL-suffixed key (openid.claimed_id%00) carrying the signed id beside a forged one: provider_error, Steam never asked', async () => {
      // The attack of passport-steam #127 and goth #595: Steam reads `openid.claimed_id\0` as `openid.claimed_id`.
      const before = steam.verdicts.length;
      const victim = `https://steamcommunity.com/openid/id/${steamId()}`;
      const error = await refused((a) => {
        const signedId = a.get('openid.claimed_id')!;
        a.set('openid.claimed_id', victim);
        a.set('openid.identity', victim);
        a.append('openid.claimed_id\u0000', signedId);
        a.append('openid.identity\u0000', signedId);
        return a;
      });
      expect(error).toBe('provider_error');
      expect(steam.verdicts.length).toBe(before);
    });

    it('an extra key the browser added is refused, and check_authentication gets only the signed fields', async () => {
      expect(await refused((a) => (a.set('openid.extra', 'x'), a))).toBe('provider_error');
      steam.signInAs(steamId());
      expect((await signIn()).code).not.toBeNull();
      expect(steam.checkRequests.at(-1)!.sort()).toEqual(
        [
          'openid.assoc_handle',
          'openid.claimed_id',
          'openid.identity',
          'openid.mode',
          'openid.ns',
          'openid.op_endpoint',
          'openid.response_nonce',
          'openid.return_to',
          'openid.sig',
          'openid.signed',
        ].sort(),
      );
    });

    it('changed return_to: provider_error', async () => {
      expect(await refused((a) => (a.set('openid.return_to', `${a.get('openid.return_to')}&x=1`), a))).toBe('provider_error');
    });

    it('a field that is not signed: provider_error', async () => {
      expect(await refused((a) => (a.set('openid.signed', 'op_endpoint,claimed_id,identity,return_to'), a))).toBe('provider_error');
    });

    it('is_valid:false (an assertion changed after signing): provider_error', async () => {
      const before = steam.verdicts.length;
      expect(
        await refused(
          (a) => (
            a.set('openid.claimed_id', `https://steamcommunity.com/openid/id/${steamId()}`),
            a.set('openid.identity', a.get('openid.claimed_id')!),
            a
          ),
        ),
      ).toBe('provider_error');
      expect(steam.verdicts.slice(before)).toEqual([false]);
    });

    it('a stale response_nonce: provider_error, without asking Steam', async () => {
      const before = steam.verdicts.length;
      expect(await refused((a) => (a.set('openid.response_nonce', '2020-01-01T00:00:00Zabc'), a))).toBe('provider_error');
      expect(steam.verdicts.length).toBe(before);
    });

    it('replayed assertion: the same callback a second time answers 400', async () => {
      steam.signInAs(steamId());
      const b = new TestBrowser(SOCIAL_APP_URL, server.baseUrl);
      const first = await b.request(startUrl);
      const atSteam = await b.request(first.headers.get('location')!);
      const callback = atSteam.headers.get('location')!;
      const cookie = b.cookieFor(callback)!;
      const once = await b.request(callback);
      expect(new URL(once.headers.get('location')!).searchParams.get('code')).not.toBeNull();
      const again = await fetch(callback.replace(SOCIAL_APP_URL, server.baseUrl), { headers: { cookie }, redirect: 'manual' });
      expect(again.status).toBe(400);
    });

    it('the life of an account without e-mail: add an address, confirm it, reset the password, log in with it', async () => {
      steam.signInAs(steamId());
      const session = await exchange(await signIn());
      const token = session.body.accessToken as string;
      const address = `steam${++sequence}${Math.random().toString(36).slice(2, 7)}@example.com`;

      const asked = await api('PUT', '/api/v1/users/me/email', { token, body: { email: address } });
      expect(asked.status).toBe(202);
      expect(asked.body).toEqual({ message: expect.any(String) });
      expect((await api('GET', '/api/v1/users/me', { token })).body.email).toBeNull();

      const confirmation = await server.waitForMail((m) => m.to.includes(address) && m.text.includes('verify-email?token='));
      const confirmToken = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(confirmation.text)![1];
      expect((await api('GET', `/api/v1/auth/verify-email?token=${confirmToken}`)).status).toBe(200);
      expect((await api('GET', '/api/v1/users/me', { token })).body).toMatchObject({ email: address, isActive: true });

      expect((await api('POST', '/api/v1/auth/forgot-password', { body: { email: address } })).status).toBe(200);
      const reset = await server.waitForMail((m) => m.to.includes(address) && m.text.includes('reset-password?token='));
      const resetToken = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(reset.text)![1];
      const password = 'a brand new steam password';
      expect(
        (await api('POST', '/api/v1/auth/reset-password', { body: { token: resetToken, password, confirmPassword: password } })).status,
      ).toBe(200);

      const login = await api('POST', '/api/v1/auth/login', { body: { email: address, password } });
      expect(login.status).toBe(200);
      expect(login.body.user).toEqual({ id: session.body.user.id, email: address, roles: [] });
    });

    it('refuses an address another account has with 409', async () => {
      const owner = {
        firstName: 'A',
        lastName: 'B',
        username: `own${++sequence}x`,
        email: `own${sequence}${Date.now()}@example.com`,
        password: 'correct horse battery',
        confirmPassword: 'correct horse battery',
      };
      expect((await api('POST', '/api/v1/auth/register', { body: owner })).status).toBe(201);
      steam.signInAs(steamId());
      const token = (await exchange(await signIn())).body.accessToken;
      const res = await api('PUT', '/api/v1/users/me/email', { token, body: { email: owner.email.toUpperCase() } });
      expect(res.status).toBe(409);
    });

    describe('with REQUIRE_EMAIL_VERIFICATION=true', () => {
      let strict: ServerUnderTest;
      let strictApi: Api;
      beforeAll(async () => {
        strict = await start({ ...steamEnv(), REQUIRE_EMAIL_VERIFICATION: 'true' });
        strictApi = createClient(strict.baseUrl);
      });
      afterAll(() => strict?.close());

      it('an account without e-mail gets tokens, is refused elsewhere with 403 EMAIL_NOT_VERIFIED, and can still add and confirm an address', async () => {
        steam.signInAs(steamId());
        const strictBrowser = new TestBrowser(SOCIAL_APP_URL, strict.baseUrl);
        const landed = await strictBrowser.navigate(startUrl);
        const session = await strictBrowser.exchange(landed.searchParams.get('code'));
        expect(session.status).toBe(200);
        const token = session.body.accessToken as string;

        const refused = await strictApi('GET', '/api/v1/users/me', { token });
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ statusCode: 403, error: 'Forbidden', message: 'Please confirm your e-mail address first.' });
        // Still a protected route: no token, no entry.
        expect((await strictApi('PUT', '/api/v1/users/me/email', { body: { email: 'x@example.com' } })).status).toBe(401);

        const address = `strict${++sequence}${Math.random().toString(36).slice(2, 7)}@example.com`;
        const asked = await strictApi('PUT', '/api/v1/users/me/email', { token, body: { email: address } });
        expect(asked.status).toBe(202);
        const mail = await strict.waitForMail((m) => m.to.includes(address) && m.text.includes('verify-email?token='));
        const confirmToken = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
        expect((await strictApi('GET', `/api/v1/auth/verify-email?token=${confirmToken}`)).status).toBe(200);

        // The confirmed account refreshes into a token the guard accepts everywhere.
        const refreshed = await strictApi('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: session.body.refreshToken } });
        expect(refreshed.status).toBe(200);
        const me = await strictApi('GET', '/api/v1/users/me', { token: refreshed.body.accessToken });
        expect(me.status).toBe(200);
        expect(me.body).toMatchObject({ email: address, isActive: true });
      });
    });
  });
}
