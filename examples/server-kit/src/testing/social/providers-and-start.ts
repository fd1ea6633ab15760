import type { Api } from '@gatehousejs/http/testing';
import { describe, expect, it } from 'vitest';
import type { LocalOidcProvider } from './local-oidc-provider.js';
import { FRONT, SOCIAL_APP_URL } from './social-app.js';

interface StartParts {
  api: Api;
  /** The OpenID Provider a start redirects to. */
  oidc: LocalOidcProvider;
}

/**
 * The provider list and the start of a sign-in (what it sends the browser to the provider with),
 * open redirects refused. `parts` is read when the tests run, after the suite's `beforeAll`.
 */
export function describeProvidersAndStart(parts: () => StartParts): void {
  describe('providers and start', () => {
    // Read when each test runs: the suite's server and peers start in its beforeAll.
    const api: Api = (...args) => parts().api(...args);
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
          { id: 'corp', name: 'Corp SSO', protocol: 'oidc', returnsEmail: true },
        ]),
      );
      expect(res.body.providers.map((p: { id: string }) => p.id).sort()).toEqual([
        'apple',
        'battlenet',
        'corp',
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
      expect(location.origin).toBe(parts().oidc.issuer);
      expect(location.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(location.searchParams.get('code_challenge_method')).toBe('S256');
      expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(location.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(location.searchParams.get('redirect_uri')).toBe(`${SOCIAL_APP_URL}/api/v1/auth/oauth/oidc/callback`);
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
}
