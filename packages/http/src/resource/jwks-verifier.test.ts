import { exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toErrorResponse } from '../rules/http-error.js';
import { startIssuer, testAuth, type TestIssuer } from './jwks-issuer.test-helpers.js';
import { createJwksVerifier } from './jwks-verifier.js';

/** A private key PEM, and the same key as a private JWK naming `kid`, for a rotation. */
async function ed25519(kid: string) {
  const { privateKey } = await generateKeyPair('EdDSA', { extractable: true });
  return { pem: await exportPKCS8(privateKey), jwk: { ...(await exportJWK(privateKey)), kid } };
}

const open: TestIssuer[] = [];
afterEach(async () => {
  for (const issuer of open.splice(0)) await issuer.stop().catch(() => {});
});

async function issuerWith(key: { jwk: object }, previous: object[] = []) {
  const issuer = await startIssuer(
    testAuth({ accessTokenAlgorithm: 'EdDSA', accessTokenPrivateKey: key.jwk as never, previousAccessTokenKeys: previous as never }),
  );
  open.push(issuer);
  return issuer;
}

const rotateTo = (issuer: TestIssuer, next: { jwk: object }, previous: { jwk: object }) =>
  issuer.setAuth(
    testAuth({ accessTokenAlgorithm: 'EdDSA', accessTokenPrivateKey: next.jwk as never, previousAccessTokenKeys: [previous.jwk] as never }),
  );

describe('createJwksVerifier against a real loopback JWKS endpoint', () => {
  let first: Awaited<ReturnType<typeof ed25519>>;
  let second: Awaited<ReturnType<typeof ed25519>>;
  beforeAll(async () => {
    [first, second] = [await ed25519('key-1'), await ed25519('key-2')];
  });

  it('fetches the key set once for many tokens and gives the issuer payload', async () => {
    const issuer = await issuerWith(first);
    const verifier = createJwksVerifier({ jwksUrl: issuer.jwksUrl, algorithms: ['EdDSA'] });
    const tokens = [await issuer.accessToken(), await issuer.accessToken()];
    for (const token of tokens) {
      const payload = await verifier.verifyAccessToken(token);
      expect(payload).toEqual(await issuer.auth.verifyAccessToken(token));
      await expect(verifier.verifyAccessToken(token)).resolves.toEqual(payload);
    }
    expect(issuer.fetches()).toBe(1);
  });

  it('fetches again on an unknown kid after a rotation, past the cooldown', async () => {
    const issuer = await issuerWith(first);
    const verifier = createJwksVerifier({ jwksUrl: issuer.jwksUrl, cooldownMs: 0 });
    await verifier.verifyAccessToken(await issuer.accessToken());
    rotateTo(issuer, second, first);
    await expect(verifier.verifyAccessToken(await issuer.accessToken())).resolves.toMatchObject({ roles: [] });
    expect(issuer.fetches()).toBe(2);
  });

  it('refuses an unknown kid as TOKEN_INVALID without fetching again within the cooldown', async () => {
    const issuer = await issuerWith(first);
    const verifier = createJwksVerifier({ jwksUrl: issuer.jwksUrl, cooldownMs: 60_000 });
    await verifier.verifyAccessToken(await issuer.accessToken());
    rotateTo(issuer, second, first);
    await expect(verifier.verifyAccessToken(await issuer.accessToken())).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    expect(issuer.fetches()).toBe(1);
  });

  it('keeps verifying tokens of a cached key while the endpoint is down, and answers 503 with Retry-After for the others', async () => {
    const issuer = await issuerWith(first);
    // cacheMaxAgeMs 0: every lookup would fetch, so only the stale set can vouch while it is down.
    const verifier = createJwksVerifier({ jwksUrl: issuer.jwksUrl, cacheMaxAgeMs: 0, cooldownMs: 0, accessTokenCache: false });
    await verifier.verifyAccessToken(await issuer.accessToken());
    const cachedKey = await issuer.accessToken();
    rotateTo(issuer, second, first);
    const newKey = await issuer.accessToken();
    await issuer.stop();
    await expect(verifier.verifyAccessToken(cachedKey)).resolves.toMatchObject({ roles: [] });
    const error = await verifier.verifyAccessToken(newKey).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'KEYS_UNAVAILABLE', status: 503, retryAfterSeconds: 5 });
    const answer = toErrorResponse(error);
    expect(answer.status).toBe(503);
    expect(answer.headers['Retry-After']).toBe('5');
    expect(answer.body).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'A service this request needs is unavailable. Please try again shortly.',
      code: 'KEYS_UNAVAILABLE',
    });
    // Back up: the new key is fetched and its tokens verify.
    await issuer.restart();
    await expect(verifier.verifyAccessToken(newKey)).resolves.toMatchObject({ roles: [] });
  });

  it('answers KEYS_UNAVAILABLE within its timeout when the endpoint is slow, and for a 500', async () => {
    const issuer = await issuerWith(first);
    const token = await issuer.accessToken();
    issuer.setMode({ kind: 'slow', delayMs: 2_000 });
    const slow = createJwksVerifier({ jwksUrl: issuer.jwksUrl, timeoutMs: 200 });
    const started = performance.now();
    await expect(slow.verifyAccessToken(token)).rejects.toMatchObject({ code: 'KEYS_UNAVAILABLE' });
    expect(performance.now() - started).toBeLessThan(1_500);
    issuer.setMode({ kind: 'error' });
    const failing = createJwksVerifier({ jwksUrl: issuer.jwksUrl });
    await expect(failing.verifyAccessToken(token)).rejects.toMatchObject({ code: 'KEYS_UNAVAILABLE' });
  });

  it('does not wait on a failing endpoint again within the cooldown', async () => {
    const issuer = await issuerWith(first);
    const token = await issuer.accessToken();
    issuer.setMode({ kind: 'error' });
    const verifier = createJwksVerifier({ jwksUrl: issuer.jwksUrl, cooldownMs: 60_000 });
    await expect(verifier.verifyAccessToken(token)).rejects.toMatchObject({ code: 'KEYS_UNAVAILABLE' });
    issuer.setMode({ kind: 'ok' });
    await expect(verifier.verifyAccessToken(token)).rejects.toMatchObject({ code: 'KEYS_UNAVAILABLE' });
    expect(issuer.fetches()).toBe(1);
  });

  it('answers a token it verified before from its cache, still checking the exact string, expiry and confirmation', async () => {
    const issuer = await issuerWith(first);
    let clock = new Date();
    const verifier = createJwksVerifier({ jwksUrl: issuer.jwksUrl, requireEmailVerification: true, now: () => clock });
    // Registration's token: the address is not confirmed yet.
    const token = await issuer.accessToken();
    const payload = await verifier.verifyAccessToken(token, { allowUnconfirmed: true });
    await expect(verifier.verifyAccessToken(token, { allowUnconfirmed: true })).resolves.toEqual(payload);
    // The cached answer still refuses an unconfirmed account where the route does not allow one.
    await expect(verifier.verifyAccessToken(token)).rejects.toMatchObject({ code: 'EMAIL_NOT_VERIFIED', status: 403 });
    // Same signature, another payload: looked up by signature, compared whole, verified in full.
    const [header, body, signature] = token.split('.') as [string, string, string];
    const changed = `${header}.${body.slice(0, 10)}${body[10] === 'A' ? 'B' : 'A'}${body.slice(11)}.${signature}`;
    await expect(verifier.verifyAccessToken(changed, { allowUnconfirmed: true })).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    // At `exp` the cached entry is gone and the token is refused as expired.
    clock = new Date(payload.exp * 1000);
    await expect(verifier.verifyAccessToken(token, { allowUnconfirmed: true })).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
    expect(issuer.fetches()).toBe(1);
  });

  it('refuses HS256 tokens (no secret is ever published) and roles outside the role set it is given', async () => {
    const hs = await startIssuer(testAuth({ accessTokenSecret: 'access-secret-for-tests-0123456789abcdef' }));
    open.push(hs);
    const verifier = createJwksVerifier({ jwksUrl: hs.jwksUrl, algorithms: ['EdDSA'] });
    await expect(verifier.verifyAccessToken(await hs.accessToken())).rejects.toMatchObject({ code: 'TOKEN_INVALID' });

    const issuer = await issuerWith(first);
    await issuer.auth.ensureSuperUser({ email: 'root@example.com', password: 'correct horse battery staple' });
    const { accessToken } = await issuer.auth.login({ email: 'root@example.com', password: 'correct horse battery staple' });
    const narrow = createJwksVerifier({ jwksUrl: issuer.jwksUrl, roles: ['reader'] as const });
    await expect(narrow.verifyAccessToken(accessToken)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    const spec = createJwksVerifier({ jwksUrl: issuer.jwksUrl });
    await expect(spec.verifyAccessToken(accessToken)).resolves.toMatchObject({ roles: ['super'] });
  });

  it("refuses the issuer's token for another audience or another issuer", async () => {
    const issuer = await startIssuer(
      testAuth({
        accessTokenAlgorithm: 'EdDSA',
        accessTokenPrivateKey: first.jwk as never,
        issuer: 'https://a.test',
        audience: 'orders-api',
      }),
    );
    open.push(issuer);
    const token = await issuer.accessToken();
    const verifying = (issuerName: string, audience: string) =>
      createJwksVerifier({ jwksUrl: issuer.jwksUrl, issuer: issuerName, audience });
    await expect(verifying('https://a.test', 'orders-api').verifyAccessToken(token)).resolves.toMatchObject({ roles: [] });
    await expect(verifying('https://a.test', 'billing-api').verifyAccessToken(token)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    await expect(verifying('https://b.test', 'orders-api').verifyAccessToken(token)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
  });
});
