import { createAuth, type Auth } from '@gatehousejs/core';
import { createFakeHasher } from '@gatehousejs/core/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { beforeEach, describe, expect, it } from 'vitest';
import { getSessionUser } from './session-user.js';

const SERVER_READABLE = { enabled: true, trustedOrigins: ['https://app.example.com'], serverReadable: true };

function testAuth(accessTokenTtl = 3600, refreshTokenReuseInterval = 0): Auth<string> {
  return createAuth({
    config: {
      accessTokenSecret: 'a'.repeat(32),
      refreshTokenSecret: 'b'.repeat(32),
      accessTokenTtl,
      refreshTokenReuseInterval,
      jitterSeconds: 0,
      rateLimit: { enabled: false },
      cookies: SERVER_READABLE,
    },
    store: createMemoryStore(),
    mailer: { send: async () => {} },
    hasher: createFakeHasher(),
  });
}

const account = { firstName: 'Ada', lastName: 'Lovelace', username: 'ada', email: 'ada@example.com', password: 'correct horse battery' };
const cookieHeader = (pair: { accessToken?: string; refreshToken?: string }) =>
  new Headers({
    cookie: [
      'theme=dark',
      ...(pair.accessToken ? [`__Host-gatehouse-access=${pair.accessToken}`] : []),
      ...(pair.refreshToken ? [`__Host-gatehouse-refresh=${pair.refreshToken}`] : []),
    ].join('; '),
  });

describe('getSessionUser', () => {
  let auth: Auth<string>;
  let pair: { accessToken: string; refreshToken: string };
  beforeEach(async () => {
    auth = testAuth();
    pair = await auth.register({ ...account, confirmPassword: account.password });
  });

  it('reads the user from a good access-token cookie without touching the refresh token', async () => {
    const found = await getSessionUser(auth, cookieHeader(pair));
    expect(found).toEqual({ user: expect.objectContaining({ email: account.email }), setCookies: [] });
  });

  it('refreshes through the refresh cookie when the access cookie is gone, and hands back both new cookies', async () => {
    const found = await getSessionUser(auth, cookieHeader({ refreshToken: pair.refreshToken }));
    expect(found.user?.email).toBe(account.email);
    expect(found.setCookies.map((c) => c.split('=')[0])).toEqual(['__Host-gatehouse-refresh', '__Host-gatehouse-access']);
    // The old refresh token is used up: rotation happened.
    await expect(auth.refresh({ refreshToken: pair.refreshToken })).rejects.toMatchObject({ code: 'REFRESH_TOKEN_REUSED' });
  });

  it('with refresh: false reads the access cookie only and leaves the refresh token unused', async () => {
    expect(await getSessionUser(auth, cookieHeader({ refreshToken: pair.refreshToken }), { refresh: false })).toEqual({
      user: null,
      setCookies: [],
    });
    await expect(auth.refresh({ refreshToken: pair.refreshToken })).resolves.toMatchObject({ accessToken: expect.any(String) });
  });

  it('is signed out without cookies, and clears cookies that no longer work', async () => {
    expect(await getSessionUser(auth, new Headers())).toEqual({ user: null, setCookies: [] });
    await auth.logout({ refreshToken: pair.refreshToken });
    const ended = await getSessionUser(auth, cookieHeader({ refreshToken: pair.refreshToken }));
    expect(ended.user).toBeNull();
    expect(ended.setCookies).toEqual([
      expect.stringMatching(/^__Host-gatehouse-refresh=; .*Max-Age=0/),
      expect.stringMatching(/^__Host-gatehouse-access=; .*Max-Age=0/),
    ]);
    const forged = await getSessionUser(auth, cookieHeader({ accessToken: 'x.y.z' }));
    expect(forged).toEqual({ user: null, setCookies: expect.arrayContaining([expect.stringContaining('Max-Age=0')]) });
  });
});
