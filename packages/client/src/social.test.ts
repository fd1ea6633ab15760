import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatehouseApiError } from './api-error.js';
import { createGatehouseClient } from './create-client.js';
import { readSocialRedirect } from './social-redirect.js';
import { FRONT_PAGE, GITHUB_AUTHORIZATION_URL, newAccount, startTestServer, type TestServer } from './test-server.test-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A client whose requests are recorded: which credentials mode each used, and the cookies set. */
function recordingClient() {
  const calls: { url: string; credentials: string | undefined; setCookie: string | null }[] = [];
  const client = createGatehouseClient({
    baseUrl: server.baseUrl,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      calls.push({ url: String(input), credentials: init?.credentials, setCookie: response.headers.get('set-cookie') });
      return response;
    },
  });
  return { client, calls };
}

async function signedInClient() {
  const recorded = recordingClient();
  const registered = await recorded.client.register(newAccount());
  if (!('user' in registered)) throw new Error('expected a session: this server does not conceal addresses');
  return { ...recorded, userId: registered.user.id };
}

describe('social sign-in and linked identities through the client', () => {
  it('lists the enabled providers for sign-in buttons', async () => {
    const { client } = recordingClient();
    await expect(client.socialProviders()).resolves.toEqual([{ id: 'github', name: 'GitHub', protocol: 'oauth2', returnsEmail: true }]);
  });

  it('starts linking: the URL of the provider with a state, and the binding cookie kept by a same-origin call', async () => {
    const { client, calls } = await signedInClient();
    const url = new URL(await client.startLinking('github', FRONT_PAGE));
    expect(`${url.origin}${url.pathname}`).toBe(GITHUB_AUTHORIZATION_URL);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    const link = calls.find((call) => call.url.endsWith('/api/v1/auth/oauth/github/link'));
    expect(link?.credentials).toBe('same-origin');
    // appUrl is https: the cookie is __Host- and Secure.
    expect(link?.setCookie).toMatch(/^__Host-gatehouse-oauth=[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
  });

  it('refuses to link back to a page outside the allowlist with 400', async () => {
    const { client } = await signedInClient();
    await expect(client.startLinking('github', 'https://evil.test/')).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      kind: 'BAD_REQUEST',
    });
  });

  it('lists the linked identities and unlinks one; a second unlink is 404', async () => {
    const { client, userId } = await signedInClient();
    await expect(client.identities()).resolves.toEqual([]);
    const at = new Date('2030-01-02T03:04:05.000Z');
    await server.store.identities.linkIdentity({
      id: crypto.randomUUID(),
      userId,
      provider: 'github',
      issuer: 'https://github.com',
      subject: `${Date.now()}`,
      email: 'octo@example.test',
      emailVerified: true,
      displayName: 'Octo',
      avatarUrl: null,
      createdAt: at,
      lastLoginAt: at,
    });
    await expect(client.identities()).resolves.toEqual([
      {
        provider: 'github',
        email: 'octo@example.test',
        emailVerified: true,
        displayName: 'Octo',
        createdAt: at.toISOString(),
        lastLoginAt: at.toISOString(),
      },
    ]);
    await expect(client.unlinkIdentity('github')).resolves.toBeUndefined();
    await expect(client.identities()).resolves.toEqual([]);
    const again = await client.unlinkIdentity('github').catch((e: unknown) => e);
    expect(again).toBeInstanceOf(GatehouseApiError);
    expect(again).toMatchObject({ status: 404, code: 'IDENTITY_NOT_FOUND', kind: 'NOT_FOUND' });
  });

  it('asks for a session before reading identities', async () => {
    const { client } = recordingClient();
    await expect(client.identities()).rejects.toMatchObject({ status: 401, code: 'TOKEN_MISSING', kind: 'UNAUTHORIZED' });
  });
});

describe('readSocialRedirect', () => {
  it('reads the code, the linked provider and the error of the redirect back', () => {
    expect(readSocialRedirect('https://app.test/?code=abc123')).toEqual({ kind: 'code', code: 'abc123' });
    expect(readSocialRedirect(new URL('https://app.test/?linked=github'))).toEqual({ kind: 'linked', provider: 'github' });
    expect(readSocialRedirect('https://app.test/?error=account_exists')).toEqual({ kind: 'error', error: 'account_exists' });
  });

  it('reads an error it does not know as provider_error, and the error before a code', () => {
    expect(readSocialRedirect('https://app.test/?error=something_new')).toEqual({ kind: 'error', error: 'provider_error' });
    expect(readSocialRedirect('https://app.test/?code=abc&error=access_denied')).toEqual({ kind: 'error', error: 'access_denied' });
  });

  it('finds nothing on a URL without them', () => {
    expect(readSocialRedirect('https://app.test/?tab=login')).toBeUndefined();
    expect(readSocialRedirect('https://app.test/?code=')).toBeUndefined();
  });
});
