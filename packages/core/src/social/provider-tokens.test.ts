import { createMemoryStore } from '@gatehousejs/store-memory';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../mfa/secret-box.js';
import { cryptoRandom } from '../ports/random.js';
import { openAccessToken, openRefreshToken, storeProviderTokens } from './provider-tokens.js';

const box = createSecretBox([new Uint8Array(32).fill(7)], cryptoRandom);
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000);

async function linkedIdentity() {
  const store = createMemoryStore();
  const userId = globalThis.crypto.randomUUID();
  await store.users.createUser({
    id: userId,
    email: 'ada@example.com',
    username: 'ada',
    firstName: 'Ada',
    lastName: '',
    passwordHash: null,
    isActive: true,
    roles: [],
    createdAt: at(0),
    updatedAt: at(0),
    emailVerifiedAt: at(0),
    passwordChangedAt: null,
    lastLoginAt: null,
    tokenVersion: 0,
  });
  const identity = { id: globalThis.crypto.randomUUID(), userId };
  await store.identities.linkIdentity({
    ...identity,
    provider: 'google',
    issuer: 'https://accounts.google.com',
    subject: '1',
    email: null,
    emailVerified: false,
    displayName: null,
    avatarUrl: null,
    createdAt: at(0),
    lastLoginAt: at(0),
  });
  return { identities: store.identities, identity };
}

describe('sealing and keeping provider tokens', () => {
  it('keeps the refresh token and scopes a later answer leaves out (RFC 6749 §6; Google sends one only at first consent)', async () => {
    const { identities, identity } = await linkedIdentity();
    const first = await storeProviderTokens(
      identities,
      box,
      identity,
      { accessToken: 'access-1', refreshToken: 'refresh-1', expiresInSeconds: 3599, scope: 'openid email' },
      null,
      at(0),
    );
    const second = await storeProviderTokens(
      identities,
      box,
      identity,
      { accessToken: 'access-2', refreshToken: null, expiresInSeconds: null, scope: null },
      first,
      at(100),
    );

    const stored = await identities.findProviderTokens(identity.id);
    expect(stored).toEqual(second);
    expect(await openAccessToken(box, stored!)).toBe('access-2');
    expect(await openRefreshToken(box, identity.id, stored!.refreshToken!)).toBe('refresh-1');
    expect([stored!.scope, stored!.accessTokenExpiresAt, stored!.updatedAt]).toEqual(['openid email', null, at(100)]);
    expect(first.accessTokenExpiresAt).toEqual(at(3599));
  });

  it('binds each sealed token to its identity and kind: moved elsewhere, it does not open', async () => {
    const { identities, identity } = await linkedIdentity();
    const record = await storeProviderTokens(
      identities,
      box,
      identity,
      { accessToken: 'access-1', refreshToken: 'refresh-1', expiresInSeconds: 60, scope: null },
      null,
      at(0),
    );
    expect(JSON.stringify(record)).not.toMatch(/access-1|refresh-1/);
    await expect(openAccessToken(box, { ...record, identityId: 'another-identity' })).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
    await expect(openAccessToken(box, { ...record, accessToken: record.refreshToken! })).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
  });
});
