import { createHash, createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/run-cli.js';

async function run(args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli({ args, env, readStdin: async () => '', out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

/** RFC 7638 §3: SHA-256 over the required members in lexicographic order, computed here without jose. */
function thumbprint(jwk: Record<string, string>): string {
  const members = { OKP: ['crv', 'kty', 'x'], EC: ['crv', 'kty', 'x', 'y'], RSA: ['e', 'kty', 'n'] }[jwk.kty!]!;
  const json = `{${members.map((m) => `"${m}":"${jwk[m]}"`).join(',')}}`;
  return createHash('sha256').update(json).digest('base64url');
}

describe('gatehouse keys', () => {
  it('generate prints a private Ed25519 JWK with its RFC 7638 kid, alg and use on stdout alone, the kid on stderr', async () => {
    const { code, out, err } = await run(['keys', 'generate']);
    expect(code).toBe(0);
    expect(out).toHaveLength(1);
    const jwk = JSON.parse(out[0]!);
    expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', d: expect.any(String) });
    expect(jwk.kid).toBe(thumbprint(jwk));
    expect(err[0]).toContain(`kid ${jwk.kid} (EdDSA)`);
    expect(createPrivateKey({ key: jwk, format: 'jwk' }).asymmetricKeyType).toBe('ed25519');
  });

  it('generate --alg RS256 --format pem prints a 2048-bit PKCS#8 key; ES256 a P-256 JWK', async () => {
    const rsa = await run(['keys', 'generate', '--alg', 'rs256', '--format', 'pem']);
    expect(rsa.code).toBe(0);
    expect(rsa.out[0]).toMatch(/^-----BEGIN PRIVATE KEY-----\n[\s\S]+\n-----END PRIVATE KEY-----$/);
    const key = createPrivateKey(rsa.out[0]!);
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(rsa.err[0]).toContain(`kid ${thumbprint(key.export({ format: 'jwk' }) as Record<string, string>)} (RS256)`);
    const ec = JSON.parse((await run(['keys', 'generate', '--alg', 'ES256'])).out[0]!);
    expect(ec).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
  });

  it('jwks prints the public keys of JWT_PRIVATE_KEY and JWT_PREVIOUS_KEYS, current first, no private member', async () => {
    const current = JSON.parse((await run(['keys', 'generate'])).out[0]!);
    const previous = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const previousPem = previous.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const { code, out } = await run(['keys', 'jwks'], {
      JWT_ALGORITHM: 'EdDSA',
      JWT_PRIVATE_KEY: JSON.stringify(current),
      JWT_PREVIOUS_KEYS: previousPem,
    });
    expect(code).toBe(0);
    const set = JSON.parse(out.join('\n'));
    const previousJwk = previous.publicKey.export({ format: 'jwk' }) as Record<string, string>;
    expect(set).toEqual({
      keys: [
        { kty: 'OKP', crv: 'Ed25519', x: current.x, kid: current.kid, alg: 'EdDSA', use: 'sig' },
        { ...previousJwk, kid: thumbprint(previousJwk), alg: 'ES256', use: 'sig' },
      ],
    });
  });

  it('jwks prints { keys: [] } under HS256 alone', async () => {
    const { code, out } = await run(['keys', 'jwks'], {});
    expect(code).toBe(0);
    expect(JSON.parse(out.join('\n'))).toEqual({ keys: [] });
  });

  it('exits 2 naming the variable or the option for a missing key, a wrong algorithm or action', async () => {
    const missing = await run(['keys', 'jwks'], { JWT_ALGORITHM: 'EdDSA' });
    expect(missing).toMatchObject({ code: 2, err: ['Cannot read the keys: JWT_PRIVATE_KEY is required with EdDSA.'] });
    const wrongType = await run(['keys', 'jwks'], { JWT_ALGORITHM: 'ES256', JWT_PRIVATE_KEY: (await run(['keys', 'generate'])).out[0]! });
    expect(wrongType.err[0]).toBe('Cannot read the keys: JWT_PRIVATE_KEY must be a key for ES256; this one is for EdDSA.');
    expect((await run(['keys', 'jwks'], { JWT_ALGORITHM: 'HS512' })).code).toBe(2);
    expect((await run(['keys', 'generate', '--alg', 'HS256'])).err[0]).toMatch(/Unknown --alg "HS256"/);
    expect((await run(['keys', 'rotate'])).code).toBe(2);
    expect((await run(['keys'])).code).toBe(2);
  });
});
