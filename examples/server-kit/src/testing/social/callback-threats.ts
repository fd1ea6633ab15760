import type { Api, ServerUnderTest } from '@gatehousejs/http/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalOidcProvider } from './local-oidc-provider.js';
import { FRONT, SOCIAL_APP_URL, uniqueTag } from './social-app.js';
import type { TestBrowser } from './test-browser.js';

interface CallbackParts {
  api: Api;
  server: ServerUnderTest;
  /** The OpenID Provider the flows run through. */
  oidc: LocalOidcProvider;
  /** A second, unrelated issuer, for mix-up. */
  other: LocalOidcProvider;
  /** The start and the provider's answer, stopping before our callback: the callback URL and the browser. */
  untilCallback(provider: string): Promise<{ callback: string; browser: TestBrowser }>;
}

/**
 * What an attacker tries at our callback (state missing, wrong or replayed, login CSRF, mix-up,
 * code injection, refused consent), through the social suite's OpenID Provider. `parts` is read
 * when the tests run, after the suite's `beforeAll`.
 */
export function describeCallbackThreats(parts: () => CallbackParts): void {
  describe('threats at the callback', () => {
    // Read when each test runs: the suite's server and peers start in its beforeAll.
    const api: Api = (...args) => parts().api(...args);
    const untilCallback = (provider: string) => parts().untilCallback(provider);
    beforeAll(() =>
      parts().oidc.signInAs({ sub: uniqueTag('threat-'), email: `${uniqueTag('threat')}@example.com`, email_verified: true }),
    );

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
      const replay = await fetch(callback.replace(SOCIAL_APP_URL, parts().server.baseUrl), {
        headers: { cookie: cookie! },
        redirect: 'manual',
      });
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
      url.searchParams.set('iss', parts().other.issuer);
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
}
