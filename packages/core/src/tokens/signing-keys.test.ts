import { SignJWT, decodeJwt, decodeProtectedHeader, importPKCS8, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { parseAuthConfig, type AuthConfigInput } from '../config/auth-config.js';
import { ASYMMETRIC_ALGORITHMS, testKeyPair } from '../keys/key-fixtures.test-helpers.js';
import { createFakeClock } from '../testing/fake-clock.js';
import { createSeededRandom } from '../testing/seeded-random.js';
import { ACCESS_TOKEN_TYPE } from './token-claims.js';
import {
  ACCESS_SECRET,
  CACHE_MODES,
  REFRESH_SECRET,
  USER,
  epochSeconds,
  expectAuthError,
  secretBytes,
} from './token-fixtures.test-helpers.js';
import { createTokenService, type TokenService } from './token-service.js';

const clock = createFakeClock();
const now = clock.now();
const iat = epochSeconds(now);

function service(input: Partial<AuthConfigInput>, mode: (typeof CACHE_MODES)[number] = 'verified-token cache off'): TokenService {
  const config = parseAuthConfig({ refreshTokenSecret: REFRESH_SECRET, jitterSeconds: 0, ...input } as AuthConfigInput);
  return createTokenService(config, createSeededRandom(1), {
    accessTokenCache: mode === 'verified-token cache on' ? { maxEntries: 100 } : false,
  });
}

const claims = { id: USER.id, sub: USER.id, email: USER.email, roles: ['user'] };

describe.each(CACHE_MODES)('%s', (mode) => {
  describe.each(ASYMMETRIC_ALGORITHMS)('access tokens signed with %s', (alg) => {
    const pair = testKeyPair(alg);
    const tokens = service({ accessTokenAlgorithm: alg, accessTokenPrivateKey: pair.privatePem }, mode);

    it('carry alg, typ and the RFC 7638 thumbprint as kid, and verify with the public key alone', async () => {
      const { token } = await tokens.signAccessToken(USER, now);
      const { keys } = await tokens.jwks();
      expect(keys).toHaveLength(1);
      expect(decodeProtectedHeader(token)).toEqual({ alg, typ: ACCESS_TOKEN_TYPE, kid: keys[0]!.kid });
      // The public key as Node exported it, not as Gatehouse published it.
      const { payload } = await jwtVerify(token, pair.publicKey, { algorithms: [alg], currentDate: now });
      expect(payload.sub).toBe(USER.id);
      await expect(tokens.verifyAccessToken(token, now)).resolves.toMatchObject({ id: USER.id, roles: ['user', 'manager'] });
    });

    it('keep the kid the JWK names, and publish only public members with kid, alg and use', async () => {
      const named = service({ accessTokenAlgorithm: alg, accessTokenPrivateKey: { ...pair.privateJwk, kid: 'key-2026-11' } }, mode);
      const { token } = await named.signAccessToken(USER, now);
      expect(decodeProtectedHeader(token).kid).toBe('key-2026-11');
      const { keys } = await named.jwks();
      const { d, p, q, dp, dq, qi, ...publicMembers } = pair.privateJwk;
      expect(keys).toEqual([{ ...publicMembers, kid: 'key-2026-11', alg, use: 'sig' }]);
      expect([d, p, q, dp, dq, qi].filter(Boolean).length).toBeGreaterThan(0);
    });

    it('refuses a token signed by an attacker key that names the same kid', async () => {
      const { kid } = decodeProtectedHeader((await tokens.signAccessToken(USER, now)).token);
      const attacker = await importPKCS8(testKeyPair(alg, 1).privatePem, alg);
      const forged = await new SignJWT(claims)
        .setProtectedHeader({ alg, typ: ACCESS_TOKEN_TYPE, kid: kid! })
        .setIssuedAt(iat)
        .setExpirationTime(iat + 60)
        .sign(attacker);
      await expectAuthError(tokens.verifyAccessToken(forged, now), 'TOKEN_INVALID');
    });

    it('refuses HS256 signed with the public key as the secret, alg none, an unknown kid and no kid', async () => {
      const { kid } = decodeProtectedHeader((await tokens.signAccessToken(USER, now)).token);
      const body = (header: object) =>
        `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, iat, exp: iat + 60 })).toString('base64url')}`;
      const forgeries = [
        await new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE, kid: kid! })
          .setIssuedAt(iat)
          .setExpirationTime(iat + 60)
          .sign(secretBytes(pair.publicPem)),
        await new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE, kid: kid! })
          .setIssuedAt(iat)
          .setExpirationTime(iat + 60)
          .sign(secretBytes(JSON.stringify(pair.publicJwk))),
        `${body({ alg: 'none', typ: ACCESS_TOKEN_TYPE, kid })}.`,
        `${body({ alg: 'none', typ: ACCESS_TOKEN_TYPE, kid })}.c2ln`,
        await new SignJWT(claims)
          .setProtectedHeader({ alg, typ: ACCESS_TOKEN_TYPE, kid: 'unknown' })
          .setIssuedAt(iat)
          .setExpirationTime(iat + 60)
          .sign(await importPKCS8(pair.privatePem, alg)),
        await new SignJWT(claims)
          .setProtectedHeader({ alg, typ: ACCESS_TOKEN_TYPE })
          .setIssuedAt(iat)
          .setExpirationTime(iat + 60)
          .sign(await importPKCS8(pair.privatePem, alg)),
      ];
      for (const token of forgeries) await expectAuthError(tokens.verifyAccessToken(token, now), 'TOKEN_INVALID');
    });

    it('take keys from the configuration only: a jwk, jku or x5u header naming the attacker key is not used', async () => {
      const attacker = testKeyPair(alg, 1);
      const key = await importPKCS8(attacker.privatePem, alg);
      const headers = [{ jwk: attacker.publicJwk }, { jku: 'https://attacker.example/jwks' }, { x5u: 'https://attacker.example/cert.pem' }];
      for (const extra of headers) {
        const forged = await new SignJWT(claims)
          .setProtectedHeader({ alg, typ: ACCESS_TOKEN_TYPE, ...extra })
          .setIssuedAt(iat)
          .setExpirationTime(iat + 60)
          .sign(key);
        await expectAuthError(tokens.verifyAccessToken(forged, now), 'TOKEN_INVALID');
      }
    });

    it('keep refresh tokens HS256 with the refresh secret and no kid', async () => {
      const { token } = await tokens.signRefreshToken({ userId: USER.id, jti: 'j', familyId: 'f' }, now);
      expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'rt+jwt' });
      await expect(jwtVerify(token, secretBytes(REFRESH_SECRET), { currentDate: now })).resolves.toBeTruthy();
      await expect(tokens.verifyRefreshToken(token, now)).resolves.toMatchObject({ jti: 'j' });
    });
  });

  describe('rotation', () => {
    const [old, next] = [testKeyPair('EdDSA', 0), testKeyPair('EdDSA', 1)];

    it('verifies tokens of a previous key given as its public half, with the same kid as when it signed, and lists both keys', async () => {
      const before = service({ accessTokenAlgorithm: 'EdDSA', accessTokenPrivateKey: old.privatePem }, mode);
      const { token } = await before.signAccessToken(USER, now);
      const after = service(
        { accessTokenAlgorithm: 'EdDSA', accessTokenPrivateKey: next.privateJwk, previousAccessTokenKeys: old.publicPem },
        mode,
      );
      await expect(after.verifyAccessToken(token, now)).resolves.toMatchObject({ id: USER.id });
      const kids = (await after.jwks()).keys.map((k) => k.kid);
      expect(kids).toEqual([decodeProtectedHeader((await after.signAccessToken(USER, now)).token).kid, decodeProtectedHeader(token).kid]);
      // The same key given by its private half: the same kid, and still only public members listed.
      const withPrivate = service(
        { accessTokenAlgorithm: 'EdDSA', accessTokenPrivateKey: next.privateJwk, previousAccessTokenKeys: [old.privateJwk] },
        mode,
      );
      await expect(withPrivate.verifyAccessToken(token, now)).resolves.toMatchObject({ id: USER.id });
      const listed = (await withPrivate.jwks()).keys[1]!;
      expect(listed).toEqual({
        kty: 'OKP',
        crv: 'Ed25519',
        x: old.publicJwk.x,
        kid: decodeProtectedHeader(token).kid,
        alg: 'EdDSA',
        use: 'sig',
      });
      // Retired: once the previous key is removed, its tokens are refused.
      const retired = service({ accessTokenAlgorithm: 'EdDSA', accessTokenPrivateKey: next.privateJwk }, mode);
      await expectAuthError(retired.verifyAccessToken(token, now), 'TOKEN_INVALID');
    });

    it('verifies HS256 tokens of a previous secret, also after moving from HS256 to EdDSA, and never lists secrets', async () => {
      const hs = service({ accessTokenSecret: ACCESS_SECRET }, mode);
      const { token } = await hs.signAccessToken(USER, now);
      expect(await hs.jwks()).toEqual({ keys: [] });
      const moved = service(
        { accessTokenAlgorithm: 'EdDSA', accessTokenPrivateKey: old.privatePem, previousAccessTokenSecrets: [ACCESS_SECRET] },
        mode,
      );
      await expect(moved.verifyAccessToken(token, now)).resolves.toMatchObject({ id: USER.id });
      expect((await moved.jwks()).keys.map((k) => k.kty)).toEqual(['OKP']);
      const rotated = service({ accessTokenSecret: `${ACCESS_SECRET}-next`, previousAccessTokenSecrets: [ACCESS_SECRET] }, mode);
      await expect(rotated.verifyAccessToken(token, now)).resolves.toMatchObject({ id: USER.id });
      await expectAuthError(service({ accessTokenSecret: `${ACCESS_SECRET}-next` }, mode).verifyAccessToken(token, now), 'TOKEN_INVALID');
    });

    it('still accepts a kid-less HS256 token of the current secret (issued before kids), not of a previous one', async () => {
      const legacy = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE })
        .setIssuedAt(iat)
        .setExpirationTime(iat + 60)
        .sign(secretBytes(ACCESS_SECRET));
      await expect(service({ accessTokenSecret: ACCESS_SECRET }, mode).verifyAccessToken(legacy, now)).resolves.toMatchObject({
        id: USER.id,
      });
      const rotated = service({ accessTokenSecret: `${ACCESS_SECRET}-next`, previousAccessTokenSecrets: [ACCESS_SECRET] }, mode);
      await expectAuthError(rotated.verifyAccessToken(legacy, now), 'TOKEN_INVALID');
    });
  });

  describe('issuer, audience and iat', () => {
    const iss = 'https://auth.example.com';
    const tokens = service({ accessTokenSecret: ACCESS_SECRET, issuer: iss, audience: 'orders-api' }, mode);
    const key = secretBytes(ACCESS_SECRET);
    const craft = async (extra: Record<string, unknown>, issuedAt = iat) => {
      const { kid } = decodeProtectedHeader((await tokens.signAccessToken(USER, now)).token);
      return new SignJWT({ ...claims, ...extra })
        .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE, kid: kid! })
        .setIssuedAt(issuedAt)
        .setExpirationTime(iat + 3600)
        .sign(key);
    };

    it('puts iss and aud into access tokens and iss alone into refresh tokens, and accepts them back', async () => {
      const { token } = await tokens.signAccessToken(USER, now);
      expect(decodeJwt(token)).toMatchObject({ iss, aud: 'orders-api' });
      await expect(tokens.verifyAccessToken(token, now)).resolves.toMatchObject({ id: USER.id });
      const refresh = (await tokens.signRefreshToken({ userId: USER.id, jti: 'j', familyId: 'f' }, now)).token;
      expect(decodeJwt(refresh).iss).toBe(iss);
      expect(decodeJwt(refresh).aud).toBeUndefined();
      await expect(tokens.verifyRefreshToken(refresh, now)).resolves.toMatchObject({ jti: 'j' });
    });

    it('refuses access tokens with a wrong or missing iss or aud', async () => {
      await expect(tokens.verifyAccessToken(await craft({ iss, aud: 'orders-api' }), now)).resolves.toMatchObject({ id: USER.id });
      for (const extra of [
        { iss: 'https://evil.example', aud: 'orders-api' },
        { aud: 'orders-api' },
        { iss, aud: 'billing-api' },
        { iss },
      ]) {
        await expectAuthError(tokens.verifyAccessToken(await craft(extra), now), 'TOKEN_INVALID');
      }
    });

    it('refuses an iat more than 60 s ahead, for access and refresh tokens, and accepts 60 s', async () => {
      await expect(tokens.verifyAccessToken(await craft({ iss, aud: 'orders-api' }, iat + 60), now)).resolves.toMatchObject({
        id: USER.id,
      });
      await expectAuthError(tokens.verifyAccessToken(await craft({ iss, aud: 'orders-api' }, iat + 61), now), 'TOKEN_INVALID');
      await expectAuthError(tokens.verifyAccessToken(await craft({ iss, aud: 'orders-api' }, iat + 3600), now), 'TOKEN_INVALID');
      const refresh = await new SignJWT({ sub: USER.id, jti: 'j', fam: 'f', iss })
        .setProtectedHeader({ alg: 'HS256', typ: 'rt+jwt' })
        .setIssuedAt(iat + 3600)
        .setExpirationTime(iat + 7200)
        .sign(secretBytes(REFRESH_SECRET));
      await expectAuthError(tokens.verifyRefreshToken(refresh, now), 'TOKEN_INVALID');
    });
  });
});

describe('a key Web Crypto cannot import', () => {
  it('fails signing with INVALID_CONFIG and never an unhandled rejection', async () => {
    // Well-formed members, but x is not a point of P-256: only the import can tell.
    const jwk = { ...testKeyPair('ES256').privateJwk, x: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' };
    const tokens = service({ accessTokenAlgorithm: 'ES256', accessTokenPrivateKey: jwk });
    await expectAuthError(tokens.signAccessToken(USER, now), 'INVALID_CONFIG');
    await expectAuthError(tokens.jwks(), 'INVALID_CONFIG');
  });
});
