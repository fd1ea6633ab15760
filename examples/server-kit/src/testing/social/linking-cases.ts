import type { Api, ServerUnderTest } from '@gatehousejs/http/testing';
import { describe, expect, it } from 'vitest';
import type { OAuth2ProviderFake } from './oauth2-provider-fake.js';
import { FRONT, SOCIAL_APP_URL, uniqueTag } from './social-app.js';
import type { TestBrowser } from './test-browser.js';

let sequence = 0;

interface LinkingParts {
  api: Api;
  server: ServerUnderTest;
  github: OAuth2ProviderFake;
  discord: OAuth2ProviderFake;
  browser(): TestBrowser;
  signIn(provider: string): Promise<{ code: string | null; error: string | null; browser: TestBrowser }>;
  exchange(result: { code: string | null; browser: TestBrowser }): Promise<{ status: number; body: any; headers: Headers }>;
}

/**
 * Linking by e-mail and linking while signed in, against the Discord- and GitHub-shaped fakes of
 * the social suite. `parts` is read when the tests run, after the suite's `beforeAll`.
 */
export function describeLinkingCases(parts: () => LinkingParts): void {
  describe('linking by e-mail (Discord- and GitHub-shaped providers)', () => {
    // Read when each test runs: the suite's server and peers start in its beforeAll.
    const api: Api = (...args) => parts().api(...args);
    const browser = () => parts().browser();
    const signIn = (provider: string) => parts().signIn(provider);
    const exchange = (result: { code: string | null; browser: TestBrowser }) => parts().exchange(result);
    async function registered(confirmed: boolean) {
      const tag = uniqueTag('link');
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
        const mail = await parts().server.waitForMail((m) => m.to.includes(input.email));
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
      parts().discord.signInAs({
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
      parts().github.signInAs({ id: 6_000_000 + ++sequence, login: 'squatter', name: 'Squatter', email: local.email, verified: false });
      const session = await exchange(await signIn('github'));
      expect(session.status).toBe(200);
      expect(session.body).toMatchObject({ user: { email: null, roles: [] }, isNewUser: true });
      expect(session.body.user.id).not.toBe(local.id);
    });

    it('an account that only the provider knows is created without roles, its subject read from the numeric id', async () => {
      const email = `${uniqueTag('octo')}@example.com`;
      parts().github.signInAs({ id: 424242 + ++sequence, login: 'octo-new', name: 'Octo New', email, verified: true });
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
      parts().github.signInAs({ id: githubId, login: 'linker', name: 'Linker', email: null, verified: false });

      const linkWith = async (bearer: string) => {
        const b = browser();
        const started = await api('POST', '/api/v1/auth/oauth/github/link', { token: bearer, body: { redirect_uri: FRONT } });
        expect(started.status).toBe(200);
        expect(started.body.url).toMatch(new RegExp(`^${parts().github.authorizationUrl}\\?`));
        // The page's fetch stores the binding cookie of the answer, then sends the browser to the provider.
        b.acceptCookie(`${SOCIAL_APP_URL}/api/v1/auth/oauth/github/link`, started.headers.get('set-cookie'));
        return b.navigate(started.body.url as string);
      };
      expect((await linkWith(token)).href).toBe(`${FRONT}?linked=github`);
      const listed = await api('GET', '/api/v1/users/me/identities', { token });
      expect(listed.body.identities.map((i: { provider: string }) => i.provider)).toEqual(['github']);

      const intruder = await registered(true);
      const intruderToken = (await api('POST', '/api/v1/auth/login', { body: { email: intruder.email, password: intruder.password } })).body
        .accessToken;
      expect((await linkWith(intruderToken)).href).toBe(`${FRONT}?error=identity_in_use`);

      expect((await api('DELETE', '/api/v1/users/me/identities/gitlab', { token })).status).toBe(404);
      expect((await api('DELETE', '/api/v1/users/me/identities/github', { token })).status).toBe(204);
      expect((await api('GET', '/api/v1/users/me/identities', { token })).body).toEqual({ identities: [] });
    });

    it('refuses to unlink the only way into an account made by a provider (409)', async () => {
      parts().github.signInAs({
        id: 8_000_000 + ++sequence,
        login: 'solo',
        name: 'Solo',
        email: `${uniqueTag('solo')}@example.com`,
        verified: true,
      });
      const session = await exchange(await signIn('github'));
      const res = await api('DELETE', '/api/v1/users/me/identities/github', { token: session.body.accessToken });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
    });
  });
}
