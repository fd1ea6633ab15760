import type { AccessTokenPayload } from '@gatehousejs/core';
import { describe, expect, it } from 'vitest';
import { cachedBearerUser, readBearerToken } from './bearer-token.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
const PAYLOAD = {
  id: 'u1',
  sub: 'u1',
  email: 'ada@example.com',
  roles: ['user'],
  ver: 0,
  emailVerified: true,
  iat: 1,
  exp: 2,
} as AccessTokenPayload;

/** A verified-token cache that knows TOKEN only, and records what it was asked. */
function cacheKnowingToken() {
  const asked: string[] = [];
  return {
    asked,
    verifyCachedAccessToken: (token: string) => {
      asked.push(token);
      return token === TOKEN ? PAYLOAD : undefined;
    },
  };
}

describe('readBearerToken', () => {
  it('reads the token of a bearer header, whatever the case of the scheme and the spaces around it', () => {
    for (const header of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`, `BEARER  ${TOKEN} `]) expect(readBearerToken(header)).toBe(TOKEN);
  });

  it('says TOKEN_MISSING without a header and AUTHORIZATION_MALFORMED for anything but one bearer token', () => {
    expect(() => readBearerToken(undefined)).toThrow(expect.objectContaining({ code: 'TOKEN_MISSING' }));
    for (const header of [`Basic ${TOKEN}`, `Bearer ${TOKEN}, Bearer ${TOKEN}`, `Bearer${TOKEN}`, 'Bearer']) {
      expect(() => readBearerToken(header)).toThrow(expect.objectContaining({ code: 'AUTHORIZATION_MALFORMED' }));
    }
  });
});

describe('cachedBearerUser', () => {
  it('answers a plain "Bearer <token>" header with the cached payload of that exact token', () => {
    const auth = cacheKnowingToken();
    expect(cachedBearerUser(auth, `Bearer ${TOKEN}`)).toBe(PAYLOAD);
    expect(auth.asked).toEqual([TOKEN]);
  });

  it('does not answer, nor ask the cache, without a header or with another scheme or spelling', () => {
    const auth = cacheKnowingToken();
    for (const header of [undefined, null, '', `bearer ${TOKEN}`, `Basic ${TOKEN}`, ` Bearer ${TOKEN}`, `Bearer${TOKEN}`]) {
      expect(cachedBearerUser(auth, header)).toBeUndefined();
    }
    expect(auth.asked).toEqual([]);
  });

  it('answers only where readBearerToken reads the same token: the shortcut never disagrees with the long way', () => {
    const auth = cacheKnowingToken();
    // Besides the plain one, spellings readBearerToken accepts (some as another token, `…=`) or
    // refuses: all of them miss, so they go the long way, which decides.
    const headers = [
      `Bearer ${TOKEN}`,
      `bearer ${TOKEN}`,
      `Bearer  ${TOKEN}`,
      `Bearer ${TOKEN} `,
      `Bearer ${TOKEN},`,
      `Bearer ${TOKEN}\t`,
      `Bearer ${TOKEN}, Bearer ${TOKEN}`,
      `Bearer ${TOKEN}=`,
      `Bearer x ${TOKEN}`,
    ];
    const answered = headers.filter((header) => cachedBearerUser(auth, header) !== undefined);
    expect(answered).toEqual([`Bearer ${TOKEN}`]);
    for (const header of answered) expect(readBearerToken(header)).toBe(TOKEN);
  });
});
