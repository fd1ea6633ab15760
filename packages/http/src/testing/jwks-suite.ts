import { createLocalJWKSet, exportJWK, exportPKCS8, exportSPKI, generateKeyPair, jwtVerify, SignJWT, decodeProtectedHeader } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeClaims } from './forge-token.js';
import type { StartServer } from './server-under-test.js';
import { loginAs, registerUser, useServer } from './suite-setup.js';

const JWKS = '/api/v1/auth/jwks';
const ISSUER = 'https://suite.gatehouse.test';
const AUDIENCE = 'suite-api';
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'];

/** The current EdDSA key (PKCS#8) and a previous ES256 one given by its public half (SPKI), made for this run. */
async function suiteKeys() {
  const current = await generateKeyPair('EdDSA', { extractable: true });
  const previous = await generateKeyPair('ES256', { extractable: true });
  return {
    privatePem: await exportPKCS8(current.privateKey),
    publicJwk: await exportJWK(current.publicKey),
    previousPublicPem: await exportSPKI(previous.publicKey),
    previousPrivateKey: previous.privateKey,
  };
}

/**
 * `GET /api/v1/auth/jwks` (CONTRACT §9) on every adapter: public keys only, with `kid`, `alg` and
 * `use`, a `Cache-Control` that lets verifiers keep it, `{ keys: [] }` under HS256; and access
 * tokens of a key pair verified by the guard and by a verifier that knows only the published set.
 */
export function jwksSuite(start: StartServer): void {
  describe('JWKS under HS256', () => {
    const s = useServer(start);

    it('answers 200 { keys: [] } with Cache-Control public, max-age=300', async () => {
      const res = await s.api('GET', JWKS);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ keys: [] });
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    });
  });

  describe('JWKS and tokens under EdDSA with a previous ES256 key, an issuer and an audience', () => {
    let keys: Awaited<ReturnType<typeof suiteKeys>>;
    const holder: { start: StartServer } = {
      start: async (options) =>
        start({
          ...options,
          config: {
            ...options.config,
            accessTokenAlgorithm: 'EdDSA',
            accessTokenPrivateKey: keys.privatePem,
            previousAccessTokenKeys: keys.previousPublicPem,
            issuer: ISSUER,
            audience: AUDIENCE,
          },
        }),
    };
    beforeAll(async () => {
      keys = await suiteKeys();
    });
    const s = useServer((options) => holder.start(options));

    it('lists both public keys, current first, with kid, alg and use "sig" and no private member', async () => {
      const res = await s.api('GET', JWKS);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      expect(res.body.keys).toEqual([
        { kty: 'OKP', crv: 'Ed25519', x: keys.publicJwk.x, kid: expect.any(String), alg: 'EdDSA', use: 'sig' },
        { kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String), kid: expect.any(String), alg: 'ES256', use: 'sig' },
      ]);
      for (const key of res.body.keys) for (const member of PRIVATE_MEMBERS) expect(key).not.toHaveProperty(member);
    });

    it('issues access tokens a verifier checks with the published set alone, and the guard accepts them', async () => {
      const { input, body } = await registerUser(s);
      const session = await loginAs(s, input.email, input.password);
      const header = decodeProtectedHeader(session.accessToken);
      const { keys: published } = (await s.api('GET', JWKS)).body;
      expect(header).toEqual({ alg: 'EdDSA', typ: 'at+jwt', kid: published[0].kid });
      const { payload } = await jwtVerify(session.accessToken, createLocalJWKSet({ keys: published }), {
        algorithms: ['EdDSA'],
        typ: 'at+jwt',
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      expect(payload).toMatchObject({ sub: body.user.id, iss: ISSUER, aud: AUDIENCE });
      const res = await s.api('POST', '/api/v1/auth/verify-token', { token: session.accessToken });
      expect(res.status).toBe(200);
      // Refresh tokens stay HS256: only the issuer reads them.
      expect(decodeProtectedHeader(session.refreshToken)).toMatchObject({ alg: 'HS256', typ: 'rt+jwt' });
      expect((await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: session.refreshToken } })).status).toBe(200);
    });

    it('accepts a token of the previous key and refuses HS256 signed with a published key, alg none and an unknown kid', async () => {
      const { body } = await registerUser(s);
      const claims = decodeClaims(body.accessToken);
      const { keys: published } = (await s.api('GET', JWKS)).body;
      const sign = (header: { alg: string; kid: string }, key: Parameters<SignJWT['sign']>[0]) =>
        new SignJWT(claims).setProtectedHeader({ ...header, typ: 'at+jwt' }).sign(key);
      const previous = await sign({ alg: 'ES256', kid: published[1].kid }, keys.previousPrivateKey);
      expect((await s.api('POST', '/api/v1/auth/verify-token', { token: previous })).status).toBe(200);
      const asSecret = new TextEncoder().encode(JSON.stringify(published[0]));
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt', kid: published[0].kid })).toString('base64url')}.${body.accessToken.split('.')[1]}.`;
      const forgeries = [
        await sign({ alg: 'HS256', kid: published[0].kid }, asSecret),
        await sign({ alg: 'HS256', kid: published[1].kid }, new TextEncoder().encode(keys.previousPublicPem)),
        none,
        await sign({ alg: 'ES256', kid: 'not-a-published-kid' }, keys.previousPrivateKey),
      ];
      for (const token of forgeries) {
        const res = await s.api('POST', '/api/v1/auth/verify-token', { token });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', message: 'The token is invalid.' });
      }
    });
  });
}
