import { startForSuite } from '@gatehousejs/example-server-kit/testing';
import { SUITE_SECRETS, type ServerUnderTest } from '@gatehousejs/http/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchListener } from './start-fetch.js';

const REFRESH = '__Host-gatehouse-refresh';
const ACCESS = '__Host-gatehouse-access';
/** The app's origin, where the sign-ups come from. */
const APP = 'http://app.test';
const FAST = { ...SUITE_SECRETS, ARGON2_MEMORY_COST: '1024', ARGON2_TIME_COST: '1', RATE_LIMIT_ENABLED: 'false' };

/** The values an answer sets, by cookie name (`''` for a cleared one). */
function cookiesOf(res: Response): Record<string, string> {
  const set: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    set[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1);
  }
  return set;
}

const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

describe('the server-rendered account page of the web-standard example (getSessionUser)', () => {
  let server: ServerUnderTest;
  beforeAll(async () => {
    server = await startForSuite(createFetchListener, { ...FAST, APP_URL: APP, AUTH_COOKIES_SERVER_READABLE: 'true' });
  });
  afterAll(() => server?.close());

  /** Registers as the demo app does (cookie mode asked for), and returns the cookies it set. */
  async function signUp(tag: string): Promise<Record<string, string>> {
    const res = await server.request('/api/v1/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'gatehouse-session': 'cookie', origin: APP },
      body: JSON.stringify({
        firstName: 'Grace',
        lastName: 'Hopper',
        username: `grace-${tag}`,
        email: `grace-${tag}@example.com`,
        password: 'compiler of cobol 1959',
        confirmPassword: 'compiler of cobol 1959',
      }),
    });
    expect(res.status).toBe(201);
    return cookiesOf(res);
  }

  const account = (cookies: Record<string, string> = {}) =>
    server.request('/account', { redirect: 'manual', headers: Object.keys(cookies).length ? { cookie: cookieHeader(cookies) } : {} });

  it('renders the signed-in user from the access-token cookie, and sets no cookie', async () => {
    const cookies = await signUp('a');
    expect(Object.keys(cookies).sort()).toEqual([ACCESS, REFRESH]);
    const res = await account(cookies);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('vary')).toBe('Cookie');
    expect(await res.text()).toContain('<strong id="account-email">grace-a@example.com</strong>');
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('refreshes transparently through the refresh cookie when the access cookie is gone, and forwards the rotated cookies', async () => {
    const { [REFRESH]: refresh } = await signUp('b');
    const res = await account({ [REFRESH]: refresh! });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('grace-b@example.com');
    const rotated = cookiesOf(res);
    expect(Object.keys(rotated).sort()).toEqual([ACCESS, REFRESH]);
    expect(rotated[REFRESH]).not.toBe(refresh);
    // The rotated pair works on its own; the used refresh token is spent.
    expect((await account({ [ACCESS]: rotated[ACCESS]! })).status).toBe(200);
    const reused = await account({ [REFRESH]: refresh! });
    expect(reused.status).toBe(303);
  });

  it("links the demo app's nav to the page: the server names it in a meta tag", async () => {
    const demo = await server.request('/', {});
    expect(await demo.text()).toContain('<meta name="gatehouse-account-page" content="/account">');
  });

  it('sends a visitor without a session to the demo app, clearing cookies that no longer work', async () => {
    const none = await account();
    expect(none.status).toBe(303);
    expect(none.headers.get('location')).toBe('/');
    expect(none.headers.getSetCookie()).toEqual([]);
    const forged = await account({ [ACCESS]: 'a.b.c', [REFRESH]: 'x.y.z' });
    expect(forged.status).toBe(303);
    expect(cookiesOf(forged)).toEqual({ [REFRESH]: '', [ACCESS]: '' });
  });
});

describe('without AUTH_COOKIES_SERVER_READABLE', () => {
  let server: ServerUnderTest;
  beforeAll(async () => {
    server = await startForSuite(createFetchListener, FAST);
  });
  afterAll(() => server?.close());

  it('serves no account page: the cookies are scoped to /api/v1/auth and a page never sees them', async () => {
    const res = await server.request('/account', {});
    expect(res.status).toBe(404);
  });

  it('so the demo app does not link to one', async () => {
    const demo = await server.request('/', {});
    expect(demo.status).toBe(200);
    expect(await demo.text()).not.toContain('gatehouse-account-page');
  });
});
