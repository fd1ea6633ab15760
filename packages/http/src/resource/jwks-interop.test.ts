import { spawnSync } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportPKCS8, generateKeyPair, createRemoteJWKSet, jwtVerify, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIssuer, testAuth, type TestIssuer } from './jwks-issuer.test-helpers.js';
import { createJwksVerifier } from './jwks-verifier.js';

const ISSUER = 'https://auth.example.test';
const AUDIENCE = 'orders-api';
const dir = mkdtempSync(join(tmpdir(), 'gatehouse-jwks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** DER INTEGER of an unsigned big-endian number (a leading 0x00 keeps it positive). */
function derInteger(bytes: Buffer): Buffer {
  let i = 0;
  while (i < bytes.length - 1 && bytes[i] === 0) i++;
  const body = bytes[i]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes.subarray(i)]) : bytes.subarray(i);
  return Buffer.concat([Buffer.from([0x02, body.length]), body]);
}

/** A JWS ES256 signature is r || s (RFC 7518 §3.4); OpenSSL reads ECDSA-Sig-Value in DER. */
function ecdsaDer(raw: Buffer): Buffer {
  const content = Buffer.concat([derInteger(raw.subarray(0, 32)), derInteger(raw.subarray(32))]);
  return Buffer.concat([Buffer.from([0x30, content.length]), content]);
}

/** Whether the `openssl` command line accepts the token's signature with the public key `jwk`. */
function opensslVerifies(token: string, jwk: Record<string, unknown>, alg: string): boolean {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const name = `${alg}-${Math.random().toString(36).slice(2)}`;
  const files = { key: join(dir, `${name}.pem`), data: join(dir, `${name}.txt`), sig: join(dir, `${name}.sig`) };
  writeFileSync(files.key, createPublicKey({ key: jwk as never, format: 'jwk' }).export({ type: 'spki', format: 'pem' }));
  writeFileSync(files.data, `${header}.${payload}`);
  const raw = Buffer.from(signature, 'base64url');
  writeFileSync(files.sig, alg === 'ES256' ? ecdsaDer(raw) : raw);
  const args =
    alg === 'EdDSA'
      ? ['pkeyutl', '-verify', '-pubin', '-inkey', files.key, '-rawin', '-in', files.data, '-sigfile', files.sig]
      : ['dgst', '-sha256', '-verify', files.key, '-signature', files.sig, files.data];
  const run = spawnSync('openssl', args, { encoding: 'utf8' });
  if (run.error) throw run.error;
  return run.status === 0;
}

/** The token with one character of its payload changed, so its signature no longer matches. */
const tampered = (token: string) => {
  const [h, p, s] = token.split('.') as [string, string, string];
  return `${h}.${p.slice(0, 10)}${p[10] === 'A' ? 'B' : 'A'}${p.slice(11)}.${s}`;
};

describe.each(['EdDSA', 'ES256', 'RS256'] as const)('%s access tokens checked by independent verifiers', (alg) => {
  let issuer: TestIssuer;
  beforeAll(async () => {
    const { privateKey } = await generateKeyPair(alg, { extractable: true });
    issuer = await startIssuer(
      testAuth({ accessTokenAlgorithm: alg, accessTokenPrivateKey: await exportPKCS8(privateKey), issuer: ISSUER, audience: AUDIENCE }),
    );
  });
  afterAll(() => issuer.stop());

  it("verify with jose's remote JWKS fetched over loopback HTTP", async () => {
    const token = await issuer.accessToken();
    const keys = createRemoteJWKSet(new URL(issuer.jwksUrl));
    const { payload, protectedHeader } = await jwtVerify(token, keys, {
      algorithms: [alg],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: 'at+jwt',
    });
    expect(protectedHeader).toMatchObject({ alg, typ: 'at+jwt' });
    expect(payload).toMatchObject({ iss: ISSUER, aud: AUDIENCE, sub: expect.any(String) });
    await expect(jwtVerify(token, keys, { algorithms: [alg], audience: 'billing-api' })).rejects.toThrow(/aud/);
  });

  it('verify with the openssl command line on the signature, and fail once the payload changes', async () => {
    const token = await issuer.accessToken();
    const { keys } = await issuer.auth.jwks();
    const key = keys.find((k) => k.kid === decodeProtectedHeader(token).kid)!;
    expect(opensslVerifies(token, key as never, alg)).toBe(true);
    expect(opensslVerifies(tampered(token), key as never, alg)).toBe(false);
  });

  it('verify with createJwksVerifier, which refuses a wrong audience or issuer', async () => {
    const token = await issuer.accessToken();
    const good = createJwksVerifier({ jwksUrl: issuer.jwksUrl, issuer: ISSUER, audience: AUDIENCE, algorithms: [alg] });
    await expect(good.verifyAccessToken(token)).resolves.toMatchObject({ roles: [], emailVerified: false });
    const otherAudience = createJwksVerifier({ jwksUrl: issuer.jwksUrl, issuer: ISSUER, audience: 'billing-api' });
    await expect(otherAudience.verifyAccessToken(token)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    const otherIssuer = createJwksVerifier({ jwksUrl: issuer.jwksUrl, issuer: 'https://evil.example', audience: AUDIENCE });
    await expect(otherIssuer.verifyAccessToken(token)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    const otherAlgorithm = createJwksVerifier({ jwksUrl: issuer.jwksUrl, algorithms: [alg === 'RS256' ? 'ES256' : 'RS256'] });
    await expect(otherAlgorithm.verifyAccessToken(token)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
  });
});
