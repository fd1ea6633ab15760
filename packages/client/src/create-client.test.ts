import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatehouseApiError } from './api-error.js';
import { createGatehouseClient } from './create-client.js';
import { newAccount, startTestServer, type TestServer } from './test-server.test-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const client = (extra: Parameters<typeof createGatehouseClient>[0] extends infer O ? Partial<O> : never = {}) =>
  createGatehouseClient({ baseUrl: server.baseUrl, ...extra });

describe('createGatehouseClient against a real server', () => {
  it('registers, keeps the session, and reads the profile with it', async () => {
    const c = client();
    const input = newAccount();
    const registered = await c.register(input);
    if (!('user' in registered)) throw new Error('expected a session: this server does not conceal addresses');
    expect(registered.user.email).toBe(input.email);
    expect(await c.session()).toEqual({ accessToken: registered.accessToken, refreshToken: registered.refreshToken });
    const me = await c.me();
    expect(me).toMatchObject({ id: registered.user.id, username: input.username, isActive: false });
  });

  it('confirms the address with the mailed token, logs in, verifies the token', async () => {
    const c = client();
    const input = newAccount();
    await c.register(input);
    await server.auth.whenIdle();
    const mail = server.mails.find((m) => m.to === input.email && m.kind === 'email-verification');
    expect(mail?.kind).toBe('email-verification');
    await expect(c.verifyEmail((mail as { token: string }).token)).resolves.toEqual({ message: expect.any(String) });
    const other = client();
    const login = await other.login({ email: input.email, password: input.password });
    if ('mfaRequired' in login) throw new Error('this account has no second factor');
    expect(login.user).toMatchObject({ email: input.email, roles: [] });
    await expect(other.verifyToken()).resolves.toMatchObject({ user: { id: login.user.id } });
    expect((await other.me()).isActive).toBe(true);
  });

  it('resets a forgotten password with the mailed token', async () => {
    const c = client();
    const input = newAccount();
    await c.register(input);
    await c.forgotPassword(input.email);
    await server.auth.whenIdle();
    const mail = server.mails.find((m) => m.to === input.email && m.kind === 'password-reset') as { token: string };
    await c.resetPassword({ token: mail.token, password: 'a new long passphrase', confirmPassword: 'a new long passphrase' });
    await expect(c.login({ email: input.email, password: 'a new long passphrase' })).resolves.toMatchObject({
      user: { email: input.email },
    });
  });

  it('throws one typed error with the status, code, sentence and details of the answer', async () => {
    const c = client();
    const error = await c.register({ ...newAccount(), email: 'not-an-address' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatehouseApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', kind: 'BAD_REQUEST' });
    expect((error as GatehouseApiError).details.map((d) => d.path)).toContain('email');

    const credentials = { email: 'nobody@example.test', password: 'whatever it is' };
    const raw = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    const said = (await raw.json()) as { message: string };
    const wrong = await c.login(credentials).catch((e: unknown) => e);
    expect(wrong).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS', kind: 'UNAUTHORIZED', message: said.message });
  });

  it('keeps no session when the server conceals registered addresses and answers with a message only', async () => {
    const concealed = { message: 'Registration received. Please check your e-mail to continue.' };
    const c = client({
      fetch: async () => new Response(JSON.stringify(concealed), { status: 201, headers: { 'content-type': 'application/json' } }),
    });
    await expect(c.register(newAccount())).resolves.toEqual(concealed);
    expect(await c.session()).toBeNull();
  });

  it('answers NETWORK_ERROR with status 0 when the server cannot be reached', async () => {
    const c = createGatehouseClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(c.login({ email: 'a@example.test', password: 'whatever it is' })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });

  it('logs out: the server revokes the refresh token and the client forgets the session', async () => {
    const c = client();
    await c.register(newAccount());
    const { refreshToken } = (await c.session())!;
    await c.logout();
    expect(await c.session()).toBeNull();
    await expect(server.auth.refresh({ refreshToken })).rejects.toMatchObject({ code: expect.stringMatching(/REVOKED|REUSED|INVALID/) });
  });

  it('logs out everywhere: every session of the user ends', async () => {
    const input = newAccount();
    const a = client();
    const b = client();
    await a.register(input);
    await b.login({ email: input.email, password: input.password });
    await a.logoutAll();
    expect(await a.session()).toBeNull();
    await expect(b.refresh()).rejects.toMatchObject({ status: 401 });
    expect(await b.session()).toBeNull();
  });

  it('builds the social sign-in URL and refuses an unknown exchange code with 400', async () => {
    const c = client();
    expect(c.socialSignInUrl('github', 'https://app.example/cb?x=1')).toBe(
      `${server.baseUrl}/api/v1/auth/oauth/github?redirect_uri=${encodeURIComponent('https://app.example/cb?x=1')}`,
    );
    const error = await c.exchangeCode('unknown-code').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatehouseApiError);
    expect((error as GatehouseApiError).status).toBeGreaterThanOrEqual(400);
    expect((error as GatehouseApiError).status).toBeLessThan(500);
  });
});

describe('single-flight refresh', () => {
  it('ten calls that find the access token expired cause exactly one refresh, and all succeed', async () => {
    let clock = Date.now();
    const c = client({ now: () => clock });
    await c.register(newAccount());
    clock += 2 * 3600 * 1000; // the client now believes its access token expired
    const before = server.hits.get('/api/v1/auth/refresh-token') ?? 0;
    const results = await Promise.all(Array.from({ length: 10 }, () => c.me()));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect((server.hits.get('/api/v1/auth/refresh-token') ?? 0) - before).toBe(1);
  });

  it('refreshes once and retries when the server refuses the access token with 401', async () => {
    const c = client();
    const input = newAccount();
    await c.register(input);
    const session = (await c.session())!;
    const storage = { current: { ...session, accessToken: `${session.accessToken.slice(0, -2)}xx` } };
    const d = client({ storage: { load: () => storage.current, save: (t) => void (storage.current = t!) } });
    const me = await d.me();
    expect(me.email).toBe(input.email);
    expect(storage.current.refreshToken).not.toBe(session.refreshToken);
  });

  it('a second client sharing the storage takes the rotated pair instead of reusing the old refresh token', async () => {
    let clock = Date.now();
    const shared = { current: null as null | { accessToken: string; refreshToken: string } };
    const storage = { load: () => shared.current, save: (t: typeof shared.current) => void (shared.current = t) };
    const tabA = client({ storage, now: () => clock });
    const tabB = client({ storage, now: () => clock });
    await tabA.register(newAccount());
    clock += 2 * 3600 * 1000;
    const stale = shared.current!;
    await tabA.me();
    // tabB read the stale pair before tabA's refresh; its refresh must not reuse the old token.
    const rotated = await tabB.refresh();
    expect(rotated.refreshToken).not.toBe(stale.refreshToken);
    await expect(tabB.me()).resolves.toMatchObject({ id: expect.any(String) });
  });

  it('refreshes before the first call when the storage kept only the refresh token (an access token in memory, lost on reload)', async () => {
    const c = client();
    await c.register(newAccount());
    const { refreshToken } = (await c.session())!;
    const storage = { current: { accessToken: '', refreshToken } };
    const reloaded = client({ storage: { load: () => storage.current, save: (t) => void (storage.current = t!) } });
    const before = server.hits.get('/api/v1/users/me') ?? 0;
    await expect(reloaded.me()).resolves.toMatchObject({ id: expect.any(String) });
    expect((server.hits.get('/api/v1/users/me') ?? 0) - before).toBe(1);
    expect(storage.current.accessToken).not.toBe('');
    expect(storage.current.refreshToken).not.toBe(refreshToken);
  });

  it('uses the Web Locks API when given, so tabs rotate one after another', async () => {
    let clock = Date.now();
    const names: string[] = [];
    const locks = {
      request: async <T>(name: string, callback: () => Promise<T>) => {
        names.push(name);
        return callback();
      },
    };
    const c = client({ now: () => clock, locks });
    await c.register(newAccount());
    clock += 2 * 3600 * 1000;
    await Promise.all([c.me(), c.me(), c.me()]);
    expect(names).toEqual([`gatehouse-refresh:${server.baseUrl}/api/v1`]);
  });

  it('ends the session and tells the app when the refresh token is refused', async () => {
    let ended = 0;
    const c = client({ onSessionEnd: () => void (ended += 1) });
    await c.register(newAccount());
    const { refreshToken } = (await c.session())!;
    await server.auth.logout({ refreshToken });
    await expect(c.refresh()).rejects.toMatchObject({ status: 401, code: 'REFRESH_TOKEN_REUSED', kind: 'UNAUTHORIZED' });
    expect(ended).toBe(1);
    expect(await c.session()).toBeNull();
  });
});
