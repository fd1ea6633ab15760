import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatehouseClient } from './create-client.js';
import type { SessionChannelLike } from './session-channel.js';
import { newAccount, startTestServer, type TestServer } from './test-server.test-helpers.js';

const PAGE_ORIGIN = 'http://app.test';

/**
 * A browser's cookie jar and headers, as far as cookie mode needs them: it keeps what `Set-Cookie`
 * sets (Max-Age=0 removes it), sends a cookie only under its Path and only with
 * `credentials: 'include'`, and adds the `Origin` a browser adds to a POST.
 */
function browserFetch(origin = PAGE_ORIGIN) {
  const jar = new Map<string, { value: string; path: string }>();
  const send: typeof fetch = async (input, init = {}) => {
    const url = new URL(String(input));
    const headers = new Headers(init.headers);
    if (init.method && init.method !== 'GET') headers.set('origin', origin);
    const cookies = [...jar].filter(([, c]) => url.pathname.startsWith(c.path)).map(([name, c]) => `${name}=${c.value}`);
    if (init.credentials === 'include' && cookies.length > 0) headers.set('cookie', cookies.join('; '));
    const response = await fetch(url, { ...init, headers });
    if (init.credentials === 'include') {
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';').map((part) => part.trim());
        const name = pair!.slice(0, pair!.indexOf('='));
        const path = attributes.find((a) => a.startsWith('Path='))?.slice(5) ?? '/';
        if (attributes.includes('Max-Age=0')) jar.delete(name);
        else jar.set(name, { value: pair!.slice(name.length + 1), path });
      }
    }
    return response;
  };
  return { fetch: send, jar };
}

/** Two tabs' channels: what one posts, the other hears (as BroadcastChannel, never the sender). */
function channelPair(): [SessionChannelLike, SessionChannelLike] {
  const listeners: Array<Array<(event: { data: unknown }) => void>> = [[], []];
  const end = (me: number): SessionChannelLike => ({
    postMessage: (data) => {
      for (const listener of listeners[1 - me]!) listener({ data });
    },
    addEventListener: (_type, listener) => void listeners[me]!.push(listener),
  });
  return [end(0), end(1)];
}

let server: TestServer;
beforeAll(async () => {
  // 'auto' (the example's default): cookies only for the requests that ask, as this client does.
  server = await startTestServer(3600, { cookieOrigins: [PAGE_ORIGIN], cookies: 'auto' });
});
afterAll(() => server.close());

describe('cookie mode', () => {
  it('keeps the refresh token out of reach: only the access token is held, and only in memory', async () => {
    const browser = browserFetch();
    const c = createGatehouseClient({ baseUrl: server.baseUrl, fetch: browser.fetch, cookies: true });
    const registered = await c.register(newAccount());
    expect('refreshToken' in registered).toBe(false);
    expect(await c.session()).toEqual({ accessToken: (registered as { accessToken: string }).accessToken, refreshToken: '' });
    expect([...browser.jar.keys()]).toEqual(['__Secure-gatehouse-refresh']);
    expect((await c.me()).email).toMatch(/@example\.test$/);
  });

  it('a reload (a new client on the same cookies) is still signed in, through one refresh', async () => {
    const browser = browserFetch();
    const input = newAccount();
    await createGatehouseClient({ baseUrl: server.baseUrl, fetch: browser.fetch, cookies: true }).register(input);
    const before = server.hits.get('/api/v1/auth/refresh-token') ?? 0;
    const reloaded = createGatehouseClient({ baseUrl: server.baseUrl, fetch: browser.fetch, cookies: true });
    const [me, again] = await Promise.all([reloaded.me(), reloaded.me()]);
    expect(me.email).toBe(input.email);
    expect(again.email).toBe(input.email);
    expect((server.hits.get('/api/v1/auth/refresh-token') ?? 0) - before).toBe(1);
  });

  it('a page load without a cookie is signed out, without telling onSessionEnd', async () => {
    let ended = 0;
    const c = createGatehouseClient({ baseUrl: server.baseUrl, fetch: browserFetch().fetch, cookies: true, onSessionEnd: () => ended++ });
    expect(await c.session()).toBeNull();
    await expect(c.me()).rejects.toMatchObject({ status: 401 });
    expect(ended).toBe(0);
  });

  it('logout clears the cookie, and the other tab hears of it at once', async () => {
    const browser = browserFetch();
    const [one, two] = channelPair();
    let ended = 0;
    const tab1 = createGatehouseClient({ baseUrl: server.baseUrl, fetch: browser.fetch, cookies: true, channel: one });
    const tab2 = createGatehouseClient({
      baseUrl: server.baseUrl,
      fetch: browser.fetch,
      cookies: true,
      channel: two,
      onSessionEnd: () => ended++,
    });
    await tab1.register(newAccount());
    expect(await tab2.session()).not.toBeNull();
    await tab1.logout();
    expect(browser.jar.size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ended).toBe(1);
    expect(await tab2.session()).toBeNull();
  });

  it("asks for cookie mode with Gatehouse-Session: cookie on every call, while a bearer client of the same 'auto' server keeps the bodies", async () => {
    const browser = browserFetch();
    const asked: Array<string | null> = [];
    const watching: typeof fetch = (input, init) => {
      asked.push(new Headers(init?.headers).get('gatehouse-session'));
      return browser.fetch(input, init);
    };
    const c = createGatehouseClient({ baseUrl: server.baseUrl, fetch: watching, cookies: true });
    await c.register(newAccount());
    await c.me();
    expect(asked).toEqual(['cookie', 'cookie']);
    const bearer = createGatehouseClient({ baseUrl: server.baseUrl, fetch: browserFetch().fetch });
    const registered = await bearer.register(newAccount());
    expect((registered as { refreshToken?: string }).refreshToken).toMatch(/\./);
  });

  it('refuses a storage option: the access token stays in memory', () => {
    expect(() => createGatehouseClient({ baseUrl: '', cookies: true, storage: { load: () => null, save: () => {} } })).toThrow(TypeError);
  });
});
