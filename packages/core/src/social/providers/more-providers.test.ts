import { afterEach, describe, expect, it } from 'vitest';
import {
  configuredAgainst,
  onFake,
  signInAgainst,
  startFakeProvider,
  type FakeProvider,
  type FakeProviderShape,
} from '../fake-provider.test-helpers.js';
import type { OAuthProviderDefinition } from '../provider-definition.js';
import { MORE_PROVIDERS } from './more-providers.js';

let fake: FakeProvider | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function signIn(definition: OAuthProviderDefinition, shape: FakeProviderShape) {
  fake = await startFakeProvider(shape);
  const moved = definition.protocol === 'oidc' ? { ...definition, issuer: fake.base } : onFake(fake, definition);
  const result = await signInAgainst(fake, configuredAgainst(fake, moved));
  const token = fake.seen.find((r) => r.path === '/token')!;
  return { ...result, token };
}

/** RFC 6749 §2.3.1: the Basic header carries the form-encoded client id and secret. */
const basicCredentials = (header: string | undefined) =>
  Buffer.from((header ?? '').replace(/^Basic /, ''), 'base64')
    .toString()
    .split(':')
    .map(decodeURIComponent);

describe('the ten providers of issue 25, each against a fake answering its documented shapes', () => {
  it('Zoom: /v2/users/me with verified: 1; the secret in the Basic header', async () => {
    // https://developers.zoom.us/docs/api/users/#tag/users/GET/users/{userId}: id, first_name, last_name,
    // display_name, email, pic_url, verified (an integer, 1 verified; Better Auth's ZoomProfile: "verified: number", "Example: 1").
    const { profile, token } = await signIn(MORE_PROVIDERS.zoom, {
      api: {
        '/users/me': {
          id: 'KDcuGIm1QgePTO8WbOqwIQ',
          first_name: 'Jill',
          last_name: 'Chill',
          display_name: 'Jill Chill',
          email: 'jchill@example.com',
          verified: 1,
          pic_url: 'https://file.zoom.us/p/x.jpg',
        },
      },
    });
    expect(profile).toMatchObject({
      subject: 'KDcuGIm1QgePTO8WbOqwIQ',
      email: 'jchill@example.com',
      emailVerified: true,
      displayName: 'Jill Chill',
    });
    expect(basicCredentials(token.headers.authorization)).toEqual([fake!.clientId, fake!.clientSecret]);
  });

  it('Notion: owner=user on the request; the person comes from the token answer, unverified', async () => {
    // https://developers.notion.com/docs/authorization#step-4-notion-responds-with-an-access_token-and-some-additional-information:
    // owner: { type: "user", user: { object: "user", id, name, avatar_url, type: "person", person: { email } } }.
    const owner = {
      type: 'user',
      user: {
        object: 'user',
        id: 'e79a0b74-3aba-4149-9f74-0bb5791a6ee6',
        name: 'Avo Cado',
        avatar_url: null,
        type: 'person',
        person: { email: 'avo@example.org' },
      },
    };
    const { profile, authorizeUrl } = await signIn(MORE_PROVIDERS.notion, {
      tokenExtras: { bot_id: 'b', workspace_id: 'w', workspace_name: 'Avo', owner, duplicated_template_id: null },
    });
    expect(authorizeUrl.searchParams.get('owner')).toBe('user');
    expect(profile).toMatchObject({ subject: owner.user.id, email: 'avo@example.org', emailVerified: false, displayName: 'Avo Cado' });
  });

  it('Figma: /v1/me with id, email, handle, img_url; unverified', async () => {
    // https://developers.figma.com/docs/rest-api/users-endpoints/#get-me-endpoint
    const { profile, authorizeUrl } = await signIn(MORE_PROVIDERS.figma, {
      api: { '/me': { id: '1234567890', email: 'f@example.com', handle: 'figgy', img_url: 'https://s3-alpha.figma.com/x.png' } },
    });
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(profile).toMatchObject({ subject: '1234567890', email: 'f@example.com', emailVerified: false, displayName: 'figgy' });
    // The old https://www.figma.com/api/oauth/token was retired in February 2025
    // (https://community.auth0.com/t/figma-tokenurl-migration/182728).
    expect(MORE_PROVIDERS.figma.endpoints.tokenEndpoint).toBe('https://api.figma.com/v1/oauth/token');
  });

  it('Kakao: a numeric id; verified only when is_email_valid and is_email_verified are both true', async () => {
    // https://developers.kakao.com/docs/latest/en/kakaologin/rest-api#req-user-info-response-kakaoaccount
    const account = (valid: boolean) => ({
      id: 123456789,
      kakao_account: {
        email: 'k@kakao.example',
        is_email_valid: valid,
        is_email_verified: true,
        profile: { nickname: '홍길동', profile_image_url: 'https://k.kakaocdn.net/x.jpg' },
      },
    });
    const { profile, token } = await signIn(MORE_PROVIDERS.kakao, { api: { '/v2/user/me': account(true) } });
    expect(profile).toMatchObject({ subject: '123456789', email: 'k@kakao.example', emailVerified: true, displayName: '홍길동' });
    expect([token.form.get('client_id'), token.form.get('client_secret')]).toEqual([fake!.clientId, fake!.clientSecret]);
    await fake!.close();
    expect((await signIn(MORE_PROVIDERS.kakao, { api: { '/v2/user/me': account(false) } })).profile.emailVerified).toBe(false);
  });

  it('Bitbucket: uuid is the subject; only the primary and confirmed address counts', async () => {
    // https://developer.atlassian.com/cloud/bitbucket/rest/api-group-users/#api-user-emails-get: values[] of { email, is_primary, is_confirmed }.
    const { profile } = await signIn(MORE_PROVIDERS.bitbucket, {
      api: {
        '/user': {
          uuid: '{c1e8c5a0-0000-4000-8000-000000000001}',
          username: 'bucketeer',
          display_name: 'Bucket Eer',
          links: { avatar: { href: 'https://bitbucket.org/account/x/avatar/' } },
        },
        '/user/emails': {
          values: [
            { email: 'old@example.com', is_primary: false, is_confirmed: true },
            { email: 'b@example.com', is_primary: true, is_confirmed: true },
          ],
        },
      },
    });
    expect(profile).toMatchObject({
      subject: '{c1e8c5a0-0000-4000-8000-000000000001}',
      email: 'b@example.com',
      emailVerified: true,
      preferredUsername: 'bucketeer',
    });
  });

  it('Reddit: duration=temporary, scope identity, /api/v1/me without an address', async () => {
    // https://github.com/reddit-archive/reddit/wiki/OAuth2 and https://www.reddit.com/dev/api/#GET_api_v1_me
    const { profile, authorizeUrl } = await signIn(MORE_PROVIDERS.reddit, {
      api: { '/api/v1/me': { id: 'abc123', name: 'spez', icon_img: 'https://styles.redditmedia.com/x.png?width=256&amp;s=1' } },
    });
    expect([authorizeUrl.searchParams.get('duration'), authorizeUrl.searchParams.get('scope')]).toEqual(['temporary', 'identity']);
    expect(profile).toMatchObject({
      subject: 'abc123',
      email: null,
      emailVerified: false,
      displayName: 'spez',
      avatarUrl: 'https://styles.redditmedia.com/x.png?width=256&s=1',
    });
  });

  it('TikTok: client_key instead of client_id, in the authorization request and the token form; open_id; no address', async () => {
    // https://developers.tiktok.com/doc/oauth-user-access-token-management: client_key, client_secret, code,
    // grant_type, redirect_uri in the form; https://developers.tiktok.com/doc/tiktok-api-v2-get-user-info/.
    const tiktok = MORE_PROVIDERS.tiktok;
    const { profile, authorizeUrl, token } = await signIn(
      { ...tiktok, scopes: [...tiktok.scopes, 'video.list'] },
      {
        tokenExtras: { open_id: 'open-1', scope: 'user.info.basic', refresh_expires_in: 86400 },
        api: {
          '/user/info/': {
            data: { user: { open_id: 'open-1', union_id: 'u-1', display_name: 'tik', avatar_url: 'https://p16.tiktokcdn.example/a.jpeg' } },
            error: { code: 'ok', message: '', log_id: 'l' },
          },
        },
      },
    );
    expect([authorizeUrl.searchParams.get('client_key'), authorizeUrl.searchParams.has('client_id')]).toEqual([fake!.clientId, false]);
    // https://developers.tiktok.com/doc/login-kit-web: no code_challenge on the web; scopes comma-separated.
    expect(authorizeUrl.searchParams.has('code_challenge')).toBe(false);
    expect(authorizeUrl.searchParams.get('scope')).toBe('user.info.basic,video.list');
    expect([token.form.get('client_key'), token.form.get('client_secret'), token.form.has('client_id')]).toEqual([
      fake!.clientId,
      fake!.clientSecret,
      false,
    ]);
    expect(profile).toMatchObject({ subject: 'open-1', email: null, displayName: 'tik' });
  });

  it('Roblox: OpenID Connect; the id_token names the user, no address', async () => {
    // https://create.roblox.com/docs/cloud/auth/oauth2-reference#get-v1userinfo: sub, name, nickname, preferred_username, picture.
    const { profile } = await signIn(MORE_PROVIDERS.roblox, {
      idToken: ({ base, nonce }) => ({
        iss: base,
        sub: '1516563360',
        nonce,
        name: 'robloxdev',
        nickname: 'Roblox Dev',
        preferred_username: 'robloxdev',
        picture: 'https://tr.rbxcdn.com/x.png',
      }),
    });
    expect(profile).toMatchObject({
      subject: '1516563360',
      email: null,
      emailVerified: false,
      displayName: 'Roblox Dev',
      preferredUsername: 'robloxdev',
    });
  });

  it('Dropbox: the profile is a POST with the JSON body null; email_verified says whether it counts', async () => {
    // https://www.dropbox.com/developers/documentation/http/documentation#users-get_current_account
    const { profile } = await signIn(MORE_PROVIDERS.dropbox, {
      api: {
        '/users/get_current_account': {
          account_id: 'dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc',
          name: { given_name: 'Franz', familiar_name: 'Franz', display_name: 'Franz Ferdinand (Personal)' },
          email: 'franz@example.com',
          email_verified: true,
        },
      },
    });
    const call = fake!.seen.find((r) => r.path === '/api/users/get_current_account')!;
    expect([call.method, call.body, call.headers['content-type']]).toEqual(['POST', 'null', 'application/json']);
    expect(profile).toMatchObject({
      subject: 'dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc',
      email: 'franz@example.com',
      emailVerified: true,
      displayName: 'Franz Ferdinand (Personal)',
    });
  });

  it('Atlassian: audience and prompt=consent on the request, no PKCE; /me with account_id and no verification flag', async () => {
    // https://developer.atlassian.com/cloud/oauth/getting-started/faq/ ("User Identity API"): the example
    // answer of GET /me, field for field; it has no email_verified, so the address is not vouched for.
    const { profile, authorizeUrl } = await signIn(MORE_PROVIDERS.atlassian, {
      api: {
        '/me': {
          account_type: 'atlassian',
          account_id: '112233:aaaa-bbbb',
          email: 'a@example.com',
          name: 'At Lassian',
          picture: 'https://avatar-management.example/a.png',
          account_status: 'active',
          nickname: 'atl',
          zoneinfo: 'Australia/Sydney',
          locale: 'en-US',
          extended_profile: { job_title: 'Designer', organization: 'a@example.com', department: 'Design team', location: 'Sydney' },
        },
      },
    });
    expect([authorizeUrl.searchParams.get('audience'), authorizeUrl.searchParams.get('prompt')]).toEqual(['api.atlassian.com', 'consent']);
    expect(authorizeUrl.searchParams.has('code_challenge')).toBe(false);
    expect(profile).toMatchObject({ subject: '112233:aaaa-bbbb', email: 'a@example.com', emailVerified: false, displayName: 'At Lassian' });
  });
});
