import { afterEach, describe, expect, it } from 'vitest';
import { configuredAgainst, onFake, signInAgainst, startFakeProvider, type FakeProvider } from './fake-provider.test-helpers.js';
import { facebook } from './providers/facebook.js';
import { gitlab } from './providers/gitlab.js';
import { linkedin } from './providers/linkedin.js';
import { MICROSOFT_CONSUMER_TENANT, microsoft } from './providers/microsoft.js';
import { twitch } from './providers/twitch.js';

let fake: FakeProvider | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('providers as they really answer', () => {
  it('Twitch: a token answer with scope as a JSON array signs in (the array is joined before oauth4webapi reads it)', async () => {
    // https://dev.twitch.tv/docs/authentication/getting-tokens-oidc/#oidc-authorization-code-grant-flow shows
    // `"scope": ["openid", "user:read:email"]` in the token response.
    fake = await startFakeProvider({
      tokenExtras: { refresh_token: 'r', scope: ['openid', 'user:read:email'] },
      idToken: ({ base, nonce }) => ({
        iss: base,
        sub: '713936733',
        nonce,
        email: 'twitch@example.com',
        email_verified: true,
        preferred_username: 'streamer',
      }),
    });
    const { profile } = await signInAgainst(fake, configuredAgainst(fake, { ...twitch, issuer: fake.base }));
    expect(profile).toMatchObject({ subject: '713936733', email: 'twitch@example.com', emailVerified: true, displayName: 'streamer' });
  });

  it('LinkedIn: sends no nonce and accepts its id_token without one', async () => {
    // https://learn.microsoft.com/en-us/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2#id-token-payload
    // lists iss, aud, iat, exp, sub, name, given_name, family_name, picture, email, email_verified, locale: no nonce.
    fake = await startFakeProvider({
      idToken: ({ base }) => ({
        iss: base,
        sub: '782bbtaQ',
        email: 'li@example.com',
        email_verified: true,
        name: 'Linked In',
        given_name: 'Linked',
      }),
    });
    const { profile, authorizeUrl } = await signInAgainst(fake, configuredAgainst(fake, { ...linkedin, issuer: fake.base }));
    expect(authorizeUrl.searchParams.has('nonce')).toBe(false);
    expect(profile).toMatchObject({ subject: '782bbtaQ', email: 'li@example.com', emailVerified: true, displayName: 'Linked In' });
  });

  it('the nonce check stays for every other OIDC provider: an id_token without the nonce that was sent is refused', async () => {
    fake = await startFakeProvider({ idToken: ({ base }) => ({ iss: base, sub: 'g1', email: 'g@example.com', email_verified: true }) });
    const provider = configuredAgainst(fake, { ...gitlab({ issuer: fake.base }) });
    await expect(signInAgainst(fake, provider)).rejects.toThrow(/nonce/);
  });

  it('Microsoft consumers: discovery under /consumers/v2.0 names the fixed consumer-tenant issuer, and sign-in works', async () => {
    // https://login.microsoftonline.com/consumers/v2.0/.well-known/openid-configuration answers
    // "issuer": "https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0".
    const issuerOf = (base: string) => `${base}/${MICROSOFT_CONSUMER_TENANT}/v2.0`;
    fake = await startFakeProvider({
      discoveryPath: '/consumers/v2.0/.well-known/openid-configuration',
      discoveryIssuer: issuerOf,
      idToken: ({ base, nonce }) => ({
        iss: issuerOf(base),
        tid: MICROSOFT_CONSUMER_TENANT,
        sub: 'AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ',
        nonce,
        email: 'live@outlook.example',
        name: 'Live User',
        preferred_username: 'live@outlook.example',
      }),
    });
    const { profile } = await signInAgainst(fake, configuredAgainst(fake, microsoft({ tenant: 'consumers', authority: fake.base })));
    expect(profile).toMatchObject({
      issuer: issuerOf(fake.base),
      email: 'live@outlook.example',
      emailVerified: false,
      displayName: 'Live User',
    });
  });

  it('Microsoft: xms_edov sent as "1" counts as verified, "0" does not', async () => {
    // https://learn.microsoft.com/en-us/entra/identity-platform/optional-claims-reference: xms_edov, a boolean
    // that Entra serializes as "1"/"0" in the tokens it issues.
    const tid = '6b1f2c3d-0a1b-4c2d-8e3f-00000000abcd';
    for (const [edov, verified] of [
      ['1', true],
      ['0', false],
      [true, true],
    ] as const) {
      fake = await startFakeProvider({
        discoveryPath: '/common/v2.0/.well-known/openid-configuration',
        discoveryIssuer: (base) => `${base}/{tenantid}/v2.0`,
        idToken: ({ base, nonce }) => ({ iss: `${base}/${tid}/v2.0`, tid, sub: 's', nonce, email: 'e@contoso.example', xms_edov: edov }),
      });
      const provider = configuredAgainst(fake, microsoft({ tenant: 'common', authority: fake.base, verifiedEmailClaim: 'xms_edov' }));
      expect((await signInAgainst(fake, provider)).profile.emailVerified, String(edov)).toBe(verified);
      await fake.close();
      fake = undefined;
    }
  });

  it('Microsoft common: the signing keys are fetched once for many sign-ins, though each names its tenant issuer', async () => {
    const tid = '6b1f2c3d-0a1b-4c2d-8e3f-00000000abcd';
    fake = await startFakeProvider({
      discoveryPath: '/common/v2.0/.well-known/openid-configuration',
      discoveryIssuer: (base) => `${base}/{tenantid}/v2.0`,
      idToken: ({ base, nonce }) => ({ iss: `${base}/${tid}/v2.0`, tid, sub: 's', nonce, email: 'e@contoso.example' }),
    });
    const provider = configuredAgainst(fake, microsoft({ tenant: 'common', authority: fake.base }));
    for (let i = 0; i < 3; i++) await signInAgainst(fake, provider);
    expect(fake.seen.filter((r) => r.path === '/jwks')).toHaveLength(1);
    expect(fake.seen.filter((r) => r.path === '/token')).toHaveLength(3);
  });

  it('GitLab: an id_token with only sub and email gets its names from userinfo', async () => {
    // https://docs.gitlab.com/integration/openid_connect_provider/#shared-information: name, nickname and
    // preferred_username are userinfo claims; an instance may leave them out of the id_token.
    fake = await startFakeProvider({
      idToken: ({ base, nonce }) => ({ iss: base, sub: '42', nonce, email: 'tanuki@example.com', email_verified: true }),
      api: { '/userinfo': { sub: '42', name: 'Tanuki Lab', nickname: 'tanuki', email: 'tanuki@example.com', email_verified: true } },
    });
    const { profile } = await signInAgainst(fake, configuredAgainst(fake, gitlab({ issuer: fake.base })));
    expect(profile).toMatchObject({ subject: '42', displayName: 'Tanuki Lab', preferredUsername: 'tanuki', emailVerified: true });
  });

  it('Facebook: the Graph API version is configurable and every Graph call carries appsecret_proof', async () => {
    // https://developers.facebook.com/docs/graph-api/securing-requests/#appsecret_proof:
    // appsecret_proof = hex(HMAC-SHA256(key = app secret, message = access token)).
    fake = await startFakeProvider({ api: { '/me': { id: '10158', name: 'Face Book', email: 'fb@example.com' } } });
    // The default is the newest version (https://developers.facebook.com/docs/graph-api/changelog/versions).
    expect(facebook().endpoints.apiBase).toBe('https://graph.facebook.com/v26.0/');
    const definition = facebook({ graphApiVersion: 'v24.0' });
    expect(definition.protocol === 'oauth2' && definition.endpoints.apiBase).toBe('https://graph.facebook.com/v24.0/');
    const { profile } = await signInAgainst(fake, configuredAgainst(fake, onFake(fake, definition)));
    expect(profile).toMatchObject({ subject: '10158', email: 'fb@example.com', emailVerified: false });
    const me = fake.seen.find((r) => r.path === '/api/me')!;
    const token = me.headers.authorization!.replace(/^Bearer /, '');
    const { createHmac } = await import('node:crypto');
    expect(me.query.get('appsecret_proof')).toBe(createHmac('sha256', fake.clientSecret).update(token).digest('hex'));
  });
});
