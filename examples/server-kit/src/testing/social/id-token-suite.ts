import type { ServerUnderTest } from '@gatehousejs/http/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startForgedOidcProvider, type ForgedOidcProvider } from './forged-oidc-provider.js';
import { SOCIAL_APP_URL, type StartExampleServer } from './social-suite.js';
import { TestBrowser } from './test-browser.js';

const FRONT = `${SOCIAL_APP_URL}/`;

/**
 * The id_token checks, against an OpenID Provider that forges one claim at a time (configured as
 * the GitLab provider on a self-managed issuer). Each forgery must end in `provider_error`.
 */
export function describeIdTokenThreatsSuite(name: string, start: StartExampleServer): void {
  describe(`${name}: id_token checks`, () => {
    let op: ForgedOidcProvider;
    let server: ServerUnderTest;

    beforeAll(async () => {
      op = await startForgedOidcProvider();
      server = await start({
        JWT_SECRET: 'idtoken-suite-access-secret-0123456789-abcdefgh',
        JWT_REFRESH_SECRET: 'idtoken-suite-refresh-secret-0123456789-abcdefg',
        APP_URL: SOCIAL_APP_URL,
        ARGON2_MEMORY_COST: '1024',
        ARGON2_TIME_COST: '1',
        RATE_LIMIT_ENABLED: 'false',
        OAUTH_ALLOW_INSECURE_PROVIDERS: 'true',
        OAUTH_GITLAB_CLIENT_ID: op.clientId,
        OAUTH_GITLAB_CLIENT_SECRET: op.clientSecret,
        OAUTH_GITLAB_ISSUER: op.issuer,
      });
    });

    afterAll(async () => {
      await server?.close();
      await op?.close();
    });

    async function outcome() {
      const b = new TestBrowser(SOCIAL_APP_URL, server.baseUrl);
      const landed = await b.navigate(`${SOCIAL_APP_URL}/api/v1/auth/oauth/gitlab?redirect_uri=${encodeURIComponent(FRONT)}`);
      return landed.searchParams.get('error') ?? (landed.searchParams.get('code') ? 'code' : 'nothing');
    }

    it('accepts an honest id_token (the baseline the forgeries below differ from by one claim)', async () => {
      expect(await outcome()).toBe('code');
    });

    it.each([
      ['wrong aud', (c: Record<string, unknown>) => ({ ...c, aud: 'another-client' })],
      ['wrong nonce', (c: Record<string, unknown>) => ({ ...c, nonce: 'not-the-nonce-of-this-sign-in' })],
      ['no nonce', (c: Record<string, unknown>) => ({ ...c, nonce: undefined })],
      [
        'expired',
        (c: Record<string, unknown>) => ({ ...c, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }),
      ],
      ['wrong iss', (c: Record<string, unknown>) => ({ ...c, iss: 'https://accounts.evil.example' })],
      ['no sub', (c: Record<string, unknown>) => ({ ...c, sub: undefined })],
    ])('id_token with %s: provider_error', async (_threat, edit) => {
      op.forgeNext(edit);
      expect(await outcome()).toBe('provider_error');
    });

    it('a provider that cannot be reached answers 503 PROVIDER_UNAVAILABLE with Retry-After', async () => {
      const unreachable = await start({
        JWT_SECRET: 'idtoken-suite-access-secret-0123456789-abcdefgh',
        JWT_REFRESH_SECRET: 'idtoken-suite-refresh-secret-0123456789-abcdefg',
        APP_URL: SOCIAL_APP_URL,
        RATE_LIMIT_ENABLED: 'false',
        OAUTH_ALLOW_INSECURE_PROVIDERS: 'true',
        // Port 9 (discard): nothing answers discovery.
        OIDC_ISSUER: 'http://127.0.0.1:9',
        OIDC_CLIENT_ID: 'client',
        OIDC_CLIENT_SECRET: 'client-secret',
      });
      try {
        const res = await fetch(`${unreachable.baseUrl}/api/v1/auth/oauth/oidc?redirect_uri=${encodeURIComponent(FRONT)}`, {
          redirect: 'manual',
        });
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('30');
        expect(await res.json()).toMatchObject({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'The sign-in provider cannot be reached. Please try again shortly.',
        });
      } finally {
        await unreachable.close();
      }
    });

    it('id_token signed by a key the issuer never published: provider_error', async () => {
      op.forgeNext((c) => c, { foreignKey: true });
      expect(await outcome()).toBe('provider_error');
    });
  });
}
