import { SignJWT, decodeJwt, decodeProtectedHeader, generateKeyPair, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { toBase64Url } from '../random/random-values.js';
import { createFakeClock } from '../testing/fake-clock.js';
import { ACCESS_TOKEN_TYPE, REFRESH_TOKEN_TYPE } from './token-claims.js';
import {
  ACCESS_SECRET,
  CACHE_MODES,
  REFRESH_SECRET,
  USER,
  epochSeconds,
  expectAuthError,
  secretBytes,
  tokenService,
} from './token-fixtures.test-helpers.js';

const clock = createFakeClock();
const now = clock.now();
const iat = epochSeconds(now);
const exp = iat + 600;

/** Claims that satisfy both token kinds, so only the header or the key can make a difference. */
const everyClaim: JWTPayload = { id: USER.id, sub: USER.id, email: USER.email, roles: [...USER.roles], jti: 'j1', fam: 'f1' };

function craft(claims: JWTPayload, header: { alg: string; typ?: string }, times: { iat?: boolean; exp?: boolean } = {}) {
  let jwt = new SignJWT(claims).setProtectedHeader(header);
  if (times.iat !== false) jwt = jwt.setIssuedAt(iat);
  if (times.exp !== false) jwt = jwt.setExpirationTime(exp);
  return jwt;
}

const json64 = (value: unknown) => toBase64Url(new TextEncoder().encode(JSON.stringify(value)));

describe.each(CACHE_MODES)('%s', (mode) => {
  describe('token kinds cannot stand in for each other', () => {
    const service = tokenService(0, 1, mode);

    it('rejects a genuine access token presented as a refresh token', async () => {
      const { token } = await service.signAccessToken(USER, now);
      // Verified as an access token first, so with the cache on it is cached: still no refresh token.
      await expect(service.verifyAccessToken(token, now)).resolves.toMatchObject({ id: USER.id });
      await expectAuthError(service.verifyRefreshToken(token, now), 'TOKEN_INVALID');
    });

    it('rejects a genuine refresh token presented as an access token', async () => {
      const { token } = await service.signRefreshToken({ userId: USER.id, jti: 'j1', familyId: 'f1' }, now);
      await expectAuthError(service.verifyAccessToken(token, now), 'TOKEN_INVALID');
    });

    it('accepts the crafted control tokens, so the cases below fail for the stated reason only', async () => {
      const access = await craft(everyClaim, { alg: 'HS256', typ: ACCESS_TOKEN_TYPE }).sign(secretBytes(ACCESS_SECRET));
      const refresh = await craft(everyClaim, { alg: 'HS256', typ: REFRESH_TOKEN_TYPE }).sign(secretBytes(REFRESH_SECRET));
      await expect(service.verifyAccessToken(access, now)).resolves.toMatchObject({ id: USER.id });
      await expect(service.verifyRefreshToken(refresh, now)).resolves.toMatchObject({ jti: 'j1', fam: 'f1' });
    });

    it('rejects a token signed with the access secret but typed rt+jwt, as either kind', async () => {
      const token = await craft(everyClaim, { alg: 'HS256', typ: REFRESH_TOKEN_TYPE }).sign(secretBytes(ACCESS_SECRET));
      await expectAuthError(service.verifyRefreshToken(token, now), 'TOKEN_INVALID'); // wrong secret
      await expectAuthError(service.verifyAccessToken(token, now), 'TOKEN_INVALID'); // wrong typ
    });

    it('rejects a token signed with the refresh secret but typed at+jwt, as either kind', async () => {
      const token = await craft(everyClaim, { alg: 'HS256', typ: ACCESS_TOKEN_TYPE }).sign(secretBytes(REFRESH_SECRET));
      await expectAuthError(service.verifyAccessToken(token, now), 'TOKEN_INVALID'); // wrong secret
      await expectAuthError(service.verifyRefreshToken(token, now), 'TOKEN_INVALID'); // wrong typ
    });

    it('rejects a correctly signed token without a typ header', async () => {
      const access = await craft(everyClaim, { alg: 'HS256' }).sign(secretBytes(ACCESS_SECRET));
      const refresh = await craft(everyClaim, { alg: 'HS256' }).sign(secretBytes(REFRESH_SECRET));
      await expectAuthError(service.verifyAccessToken(access, now), 'TOKEN_INVALID');
      await expectAuthError(service.verifyRefreshToken(refresh, now), 'TOKEN_INVALID');
    });
  });

  describe('only HS256 with the right secret is accepted', () => {
    const service = tokenService(0, 1, mode);

    it('rejects an unsecured JWT (alg none)', async () => {
      const token = `${json64({ alg: 'none', typ: ACCESS_TOKEN_TYPE })}.${json64({ ...everyClaim, iat, exp })}.`;
      expect(decodeProtectedHeader(token).alg).toBe('none');
      await expectAuthError(service.verifyAccessToken(token, now), 'TOKEN_INVALID');
    });

    it('rejects alg none on a refresh token too', async () => {
      const token = `${json64({ alg: 'none', typ: REFRESH_TOKEN_TYPE })}.${json64({ ...everyClaim, iat, exp })}.`;
      await expectAuthError(service.verifyRefreshToken(token, now), 'TOKEN_INVALID');
    });

    it.each(['HS384', 'HS512'])('rejects %s even with the right secret', async (alg) => {
      const access = await craft(everyClaim, { alg, typ: ACCESS_TOKEN_TYPE }).sign(secretBytes(ACCESS_SECRET));
      const refresh = await craft(everyClaim, { alg, typ: REFRESH_TOKEN_TYPE }).sign(secretBytes(REFRESH_SECRET));
      await expectAuthError(service.verifyAccessToken(access, now), 'TOKEN_INVALID');
      await expectAuthError(service.verifyRefreshToken(refresh, now), 'TOKEN_INVALID');
    });

    it.each(['RS256', 'ES256'])('rejects a token signed with an %s key pair', async (alg) => {
      const { privateKey } = await generateKeyPair(alg);
      const token = await craft(everyClaim, { alg, typ: ACCESS_TOKEN_TYPE }).sign(privateKey);
      await expectAuthError(service.verifyAccessToken(token, now), 'TOKEN_INVALID');
    });

    it('rejects an HS256 token signed with another secret', async () => {
      const token = await craft(everyClaim, { alg: 'HS256', typ: ACCESS_TOKEN_TYPE }).sign(
        secretBytes('some-other-secret-that-is-long-enough-0000'),
      );
      await expectAuthError(service.verifyAccessToken(token, now), 'TOKEN_INVALID');
    });

    it('rejects a token whose payload was changed (roles raised) while the signature was kept', async () => {
      const { token } = await service.signAccessToken(USER, now);
      await expect(service.verifyAccessToken(token, now)).resolves.toMatchObject({ roles: ['user', 'manager'] });
      const [header, , signature] = token.split('.') as [string, string, string];
      const forged = `${header}.${json64({ ...decodeJwt(token), roles: ['super'] })}.${signature}`;
      expect(decodeJwt(forged)).toMatchObject({ id: USER.id, roles: ['super'] });
      await expectAuthError(service.verifyAccessToken(forged, now), 'TOKEN_INVALID');
    });

    it('rejects a token whose signature was cut off', async () => {
      const { token } = await service.signAccessToken(USER, now);
      await expect(service.verifyAccessToken(token, now)).resolves.toMatchObject({ id: USER.id });
      await expectAuthError(service.verifyAccessToken(token.slice(0, token.lastIndexOf('.') + 1), now), 'TOKEN_INVALID');
    });

    it.each(['=', '==', ' ', '\n', '.'])(
      'rejects a genuine token with %j appended, of either kind, though jose would decode it',
      async (suffix) => {
        const access = (await service.signAccessToken(USER, now)).token;
        const refresh = (await service.signRefreshToken({ userId: USER.id, jti: 'j-pad', familyId: 'f-pad' }, now)).token;
        await expect(service.verifyAccessToken(access, now)).resolves.toMatchObject({ id: USER.id });
        await expectAuthError(service.verifyAccessToken(access + suffix, now), 'TOKEN_INVALID');
        await expectAuthError(service.verifyRefreshToken(refresh + suffix, now), 'TOKEN_INVALID');
      },
    );

    it.each([0, 1, 2])('rejects a genuine token whose part %i ends in a non-canonical twin of its last character', async (index) => {
      const access = (await service.signAccessToken(USER, now)).token;
      const refresh = (await service.signRefreshToken({ userId: USER.id, jti: 'j-twin', familyId: 'f-twin' }, now)).token;
      for (const [token, verify] of [
        [access, (t: string) => service.verifyAccessToken(t, now)],
        [refresh, (t: string) => service.verifyRefreshToken(t, now)],
      ] as const) {
        const twin = nonCanonicalTwin(token, index);
        if (twin === undefined) continue; // this part's length leaves no spare bits
        expect(Buffer.from(twin.split('.')[index]!, 'base64url')).toEqual(Buffer.from(token.split('.')[index]!, 'base64url'));
        await expectAuthError(verify(twin), 'TOKEN_INVALID');
      }
    });

    it.each(['', 'garbage', 'a.b.c', 'a.b', '...'])('rejects the malformed token %j', async (token) => {
      await expectAuthError(service.verifyAccessToken(token, now), 'TOKEN_INVALID');
      await expectAuthError(service.verifyRefreshToken(token, now), 'TOKEN_INVALID');
    });
  });

  describe('required claims', () => {
    const service = tokenService(0, 1, mode);

    it('rejects an access token without exp', async () => {
      const token = await craft(everyClaim, { alg: 'HS256', typ: ACCESS_TOKEN_TYPE }, { exp: false }).sign(secretBytes(ACCESS_SECRET));
      await expectAuthError(service.verifyAccessToken(token, now), 'TOKEN_INVALID');
    });

    it('rejects an access token without iat', async () => {
      const token = await craft(everyClaim, { alg: 'HS256', typ: ACCESS_TOKEN_TYPE }, { iat: false }).sign(secretBytes(ACCESS_SECRET));
      await expectAuthError(service.verifyAccessToken(token, now), 'TOKEN_INVALID');
    });

    it('rejects a refresh token without exp or without iat', async () => {
      const noExp = await craft(everyClaim, { alg: 'HS256', typ: REFRESH_TOKEN_TYPE }, { exp: false }).sign(secretBytes(REFRESH_SECRET));
      const noIat = await craft(everyClaim, { alg: 'HS256', typ: REFRESH_TOKEN_TYPE }, { iat: false }).sign(secretBytes(REFRESH_SECRET));
      await expectAuthError(service.verifyRefreshToken(noExp, now), 'TOKEN_INVALID');
      await expectAuthError(service.verifyRefreshToken(noIat, now), 'TOKEN_INVALID');
    });

    it.each([
      ['a role outside the enum', { roles: ['user', 'root'] }],
      ['roles that are not an array', { roles: 'admin' }],
      ['no roles', { roles: undefined }],
      ['no email', { email: undefined }],
      ['an id that differs from sub', { id: 'someone-else' }],
      ['no sub', { sub: undefined }],
      ['a numeric id', { id: 42 }],
    ])('rejects an access token with %s', async (_, change) => {
      const token = await craft({ ...everyClaim, ...change }, { alg: 'HS256', typ: ACCESS_TOKEN_TYPE }).sign(secretBytes(ACCESS_SECRET));
      await expectAuthError(service.verifyAccessToken(token, now), 'TOKEN_INVALID');
    });

    it.each([
      ['no jti', { jti: undefined }],
      ['no family', { fam: undefined }],
      ['a numeric family', { fam: 7 }],
      ['no sub', { sub: undefined }],
    ])('rejects a refresh token with %s', async (_, change) => {
      const token = await craft({ ...everyClaim, ...change }, { alg: 'HS256', typ: REFRESH_TOKEN_TYPE }).sign(secretBytes(REFRESH_SECRET));
      await expectAuthError(service.verifyRefreshToken(token, now), 'TOKEN_INVALID');
    });
  });
});

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The token with part `index`'s last character replaced by one that decodes to the same bytes. */
function nonCanonicalTwin(token: string, index: number): string | undefined {
  const parts = token.split('.');
  const part = parts[index]!;
  const spareBits = part.length % 4 === 2 ? 4 : part.length % 4 === 3 ? 2 : 0;
  if (spareBits === 0) return undefined;
  const last = B64URL.indexOf(part[part.length - 1]!);
  parts[index] = part.slice(0, -1) + B64URL[last | 1]!;
  return parts.join('.');
}
