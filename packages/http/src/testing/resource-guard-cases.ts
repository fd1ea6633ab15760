import { createAuth, type Auth } from '@gatehousejs/core';
import { createFakeHasher } from '@gatehousejs/core/testing';
import { decodeProtectedHeader, exportPKCS8, exportSPKI, generateKeyPair, importJWK, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createJwksVerifier } from '../resource/jwks-verifier.js';
import type { AdapterApp, AdapterSuiteTarget } from './adapter-suite.js';
import { decodeClaims, unsecuredToken } from './forge-token.js';
import { startIssuer, type TestIssuer } from './jwks-issuer.js';

/** What the resource-service cases need of an adapter suite target. */
type ResourceGuardTarget = Pick<AdapterSuiteTarget, 'openStore' | 'createResourceApp'>;

const ISSUER = 'https://issuer.adapter.test';
const AUDIENCE = 'orders-api';
const PASSWORD = 'correct horse battery';
const error = (statusCode: number, error: string, code: string) => ({ statusCode, error, code, message: expect.any(String) });

/**
 * A resource service on the adapter: its guard built from a JWKS verifier alone (no store, no
 * secret, no way to mint), fetching the keys of an issuer that signs EdDSA and serves its JWKS on a
 * real loopback socket. The verifier refetches on every token (`cacheMaxAgeMs: 0`, no token cache),
 * so each case meets the key set as it is now.
 */
export function describeResourceGuard(name: string, target: ResourceGuardTarget): void {
  describe(`${name}: a resource service guarded from the issuer's JWKS alone`, () => {
    let issuer: TestIssuer;
    let app: AdapterApp;
    const tokens: Partial<Record<'user' | 'manager', string>> = {};
    let userId = '';

    beforeAll(async () => {
      const { privateKey } = await generateKeyPair('EdDSA', { extractable: true });
      const auth: Auth = createAuth({
        config: {
          accessTokenAlgorithm: 'EdDSA',
          accessTokenPrivateKey: await exportPKCS8(privateKey),
          refreshTokenSecret: 'b'.repeat(32),
          issuer: ISSUER,
          audience: AUDIENCE,
          rateLimit: { enabled: false },
        },
        store: target.openStore(),
        mailer: { send: async () => {} },
        hasher: createFakeHasher(),
      });
      issuer = await startIssuer(auth);
      const root = await auth.ensureSuperUser({ email: 'root@example.com', password: 'root passphrase here' });
      for (const label of ['user', 'manager'] as const) {
        const email = `resource-${label}@example.com`;
        const { user } = await auth.register({
          firstName: 'R',
          lastName: 'S',
          username: `resource-${label}`,
          email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
        });
        await auth.setRoles(root, user.id, { roles: [label] });
        tokens[label] = (await auth.login({ email, password: PASSWORD })).accessToken;
        if (label === 'user') userId = user.id;
      }
      const verifier = createJwksVerifier({
        jwksUrl: issuer.jwksUrl,
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['EdDSA'],
        cacheMaxAgeMs: 0,
        cooldownMs: 0,
        accessTokenCache: false,
        timeoutMs: 1000,
      });
      app = await target.createResourceApp(verifier);
    });
    afterEach(() => issuer.setMode({ kind: 'ok' }));
    afterAll(async () => {
      await app?.close?.();
      await issuer?.stop();
    });

    const call = async (path: string, token?: string) => {
      const headers = new Headers(token ? { authorization: `Bearer ${token}` } : {});
      const res = await app.fetch(new Request(`http://resource.test${path}`, { headers }));
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
    };
    /** The user's token re-signed under `header` with `key`: the issuer's claims, someone else's signature. */
    const forged = (header: Record<string, unknown>, key: Parameters<SignJWT['sign']>[0]) =>
      new SignJWT(decodeClaims(tokens.user!)).setProtectedHeader({ typ: 'at+jwt', ...header, alg: header.alg as string }).sign(key);

    it("admits the issuer's token and gives the route its verified user", async () => {
      expect(await call('/probe/closed', tokens.user)).toMatchObject({ status: 200, body: { id: userId } });
    });

    it('denies by default: no token is 401 TOKEN_MISSING with WWW-Authenticate; a public route needs no key', async () => {
      const fetches = issuer.fetches();
      const missing = await call('/probe/closed');
      expect(missing.status).toBe(401);
      expect(missing.headers.get('www-authenticate')).toBe('Bearer');
      expect(missing.body).toEqual(error(401, 'Unauthorized', 'TOKEN_MISSING'));
      expect(await call('/probe/open')).toMatchObject({ status: 200, body: { open: true } });
      expect(issuer.fetches()).toBe(fetches);
    });

    it("applies roles(…) with the verifier's role policy: 200 with the role, 403 INSUFFICIENT_ROLE without", async () => {
      expect((await call('/probe/either', tokens.manager)).status).toBe(200);
      expect((await call('/probe/either', tokens.user)).body).toEqual(error(403, 'Forbidden', 'INSUFFICIENT_ROLE'));
    });

    it("refuses a token signed by an attacker's key under the issuer's kid with 401 TOKEN_INVALID", async () => {
      const attacker = await generateKeyPair('EdDSA');
      const token = await forged({ alg: 'EdDSA', kid: decodeProtectedHeader(tokens.user!).kid }, attacker.privateKey);
      expect((await call('/probe/closed', token)).body).toEqual(error(401, 'Unauthorized', 'TOKEN_INVALID'));
    });

    it("refuses alg none and HS256 signed with the issuer's public key (as JWK and as PEM) with 401 TOKEN_INVALID", async () => {
      const { kid } = decodeProtectedHeader(tokens.user!);
      const published = (await (await fetch(issuer.jwksUrl)).json()) as { keys: Record<string, unknown>[] };
      const publicJwk = published.keys[0]!;
      const publicPem = await exportSPKI((await importJWK(publicJwk, 'EdDSA')) as Parameters<typeof exportSPKI>[0]);
      const none = unsecuredToken(decodeClaims(tokens.user!));
      const forgeries = [
        none,
        await forged({ alg: 'HS256', kid }, new TextEncoder().encode(JSON.stringify(publicJwk))),
        await forged({ alg: 'HS256', kid }, new TextEncoder().encode(publicPem)),
      ];
      for (const token of forgeries) {
        expect((await call('/probe/closed', token)).body).toEqual(error(401, 'Unauthorized', 'TOKEN_INVALID'));
      }
    });

    it('answers 503 KEYS_UNAVAILABLE with Retry-After when the JWKS is down and the token names a key it never fetched', async () => {
      // A key of the issuer's next rotation: announced while the JWKS is down, so never fetched.
      const next = await generateKeyPair('EdDSA');
      const token = await forged({ alg: 'EdDSA', kid: 'next-rotation-key' }, next.privateKey);
      issuer.setMode({ kind: 'error' });
      const res = await call('/probe/closed', token);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body).toEqual(error(503, 'Service Unavailable', 'KEYS_UNAVAILABLE'));
    });

    it('keeps admitting tokens of a key it fetched before while the JWKS is down', async () => {
      expect((await call('/probe/closed', tokens.user)).status).toBe(200);
      issuer.setMode({ kind: 'error' });
      const fetches = issuer.fetches();
      expect(await call('/probe/closed', tokens.user)).toMatchObject({ status: 200, body: { id: userId } });
      expect((await call('/probe/either', tokens.manager)).status).toBe(200);
      // It did ask, and was refused: the key came from what it had fetched before.
      expect(issuer.fetches()).toBeGreaterThan(fetches);
    });
  });
}
