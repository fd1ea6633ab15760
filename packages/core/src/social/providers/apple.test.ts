import { describe, expect, it } from 'vitest';
import type { ProfileSources } from '../provider-definition.js';
import { apple } from './apple.js';

const sources = (callback: string, claims: Record<string, unknown>): ProfileSources => ({
  issuer: 'https://appleid.apple.com',
  idTokenClaims: claims,
  callbackParameters: new URLSearchParams(callback),
  getJson: () => Promise.reject(new Error('Apple has no profile API')),
  postJson: () => Promise.reject(new Error('Apple has no profile API')),
  tokenResponse: {},
  userInfo: () => Promise.reject(new Error('Apple has no userinfo endpoint')),
});

describe('Sign in with Apple profile', () => {
  it('takes the name from the first POST only, and email_verified as Apple sends it (the string "true")', async () => {
    const user = JSON.stringify({ name: { firstName: 'Ada', lastName: 'Lovelace' }, email: 'ada@privaterelay.appleid.com' });
    const first = await apple.readProfile(
      sources(`code=c&state=s&user=${encodeURIComponent(user)}`, {
        sub: '001.abc',
        email: 'ada@privaterelay.appleid.com',
        email_verified: 'true',
      }),
    );
    expect(first).toEqual({
      subject: '001.abc',
      issuer: 'https://appleid.apple.com',
      email: 'ada@privaterelay.appleid.com',
      emailVerified: true,
      displayName: 'Ada Lovelace',
      avatarUrl: null,
      preferredUsername: 'ada',
    });
    const later = await apple.readProfile(
      sources('code=c&state=s', { sub: '001.abc', email: 'ada@privaterelay.appleid.com', email_verified: 'false' }),
    );
    expect([later.displayName, later.emailVerified]).toEqual([null, false]);
  });

  it('ignores a user field that is not JSON or too long, and never reads the subject from it', async () => {
    for (const user of ['not json', `{"name":{"firstName":"${'x'.repeat(3000)}"}}`, '{"sub":"someone-else"}']) {
      const profile = await apple.readProfile(sources(`user=${encodeURIComponent(user)}`, { sub: '001.real' }));
      expect([profile.subject, profile.displayName]).toEqual(['001.real', null]);
    }
  });
});
