import { describe, expect, it } from 'vitest';
import { accessTokenExpiresAt } from './access-token-expiry.js';
import { memoryTokenStorage, webTokenStorage } from './token-storage.js';

function fakeArea() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('token storage', () => {
  it('memory storage keeps a copy and forgets on null', () => {
    const s = memoryTokenStorage();
    const pair = { accessToken: 'a', refreshToken: 'r' };
    s.save(pair);
    pair.accessToken = 'changed';
    expect(s.load()).toEqual({ accessToken: 'a', refreshToken: 'r' });
    s.save(null);
    expect(s.load()).toBeNull();
  });

  it('web storage round-trips under its key and treats a damaged entry as signed out', () => {
    const area = fakeArea();
    const s = webTokenStorage(area, 'k');
    s.save({ accessToken: 'a', refreshToken: 'r' });
    expect(JSON.parse(area.data.get('k')!)).toEqual({ accessToken: 'a', refreshToken: 'r' });
    expect(s.load()).toEqual({ accessToken: 'a', refreshToken: 'r' });
    area.data.set('k', '{not json');
    expect(s.load()).toBeNull();
    area.data.set('k', JSON.stringify({ accessToken: 1 }));
    expect(s.load()).toBeNull();
    s.save(null);
    expect(area.data.has('k')).toBe(false);
  });
});

describe('accessTokenExpiresAt', () => {
  const encode = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

  it('reads exp in milliseconds from the payload', () => {
    expect(accessTokenExpiresAt(`${encode({ alg: 'HS256' })}.${encode({ exp: 1700000000 })}.sig`)).toBe(1_700_000_000_000);
  });

  it('answers undefined for a token it cannot read', () => {
    expect(accessTokenExpiresAt('garbage')).toBeUndefined();
    expect(accessTokenExpiresAt(`x.${encode({ exp: 'soon' })}.y`)).toBeUndefined();
    expect(accessTokenExpiresAt('x.%%%.y')).toBeUndefined();
  });
});
