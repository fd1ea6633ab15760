import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseAuthConfig, type AuthConfigInput } from '../config/auth-config.js';
import { AuthError } from '../errors/auth-error.js';
import { ASYMMETRIC_ALGORITHMS, testKeyPair } from './key-fixtures.test-helpers.js';

const REFRESH = 'refresh-secret-for-tests-0123456789abcdef';
const ACCESS = 'access-secret-for-tests-0123456789abcdef';

/** The `details` of the INVALID_CONFIG that `input` fails with. */
function failure(input: Partial<AuthConfigInput>) {
  try {
    parseAuthConfig({ refreshTokenSecret: REFRESH, ...input } as AuthConfigInput);
  } catch (error) {
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).code).toBe('INVALID_CONFIG');
    return (error as AuthError).details;
  }
  throw new Error('expected parseAuthConfig to throw');
}

describe('access-token key settings', () => {
  it.each(ASYMMETRIC_ALGORITHMS)('takes a %s key as PKCS#8 PEM, as a private JWK object and as JWK JSON text', (alg) => {
    const pair = testKeyPair(alg);
    for (const key of [pair.privatePem, pair.privateJwk, JSON.stringify(pair.privateJwk)]) {
      const config = parseAuthConfig({ refreshTokenSecret: REFRESH, accessTokenAlgorithm: alg, accessTokenPrivateKey: key });
      expect(config.accessTokenPrivateKey).toMatchObject({ alg, isPrivate: true });
    }
  });

  it('reads a PEM whose line breaks were written as \\n (one-line environment variables)', () => {
    const pem = testKeyPair('EdDSA').privatePem.replace(/\n/g, '\\n');
    expect(
      parseAuthConfig({ refreshTokenSecret: REFRESH, accessTokenAlgorithm: 'EdDSA', accessTokenPrivateKey: pem }).accessTokenPrivateKey,
    ).toMatchObject({
      format: 'pem',
    });
  });

  it('refuses a key of another type than the algorithm, naming the setting', () => {
    expect(failure({ accessTokenAlgorithm: 'ES256', accessTokenPrivateKey: testKeyPair('EdDSA').privatePem })).toEqual([
      { path: 'accessTokenPrivateKey', message: 'must be a key for ES256; this one is for EdDSA' },
    ]);
  });

  it('refuses a public key, a secret, garbage, PKCS#1 and SEC 1 PEM as the signing key, without echoing it', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const sec1 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'sec1', format: 'pem' }).toString();
    const cases: Array<[unknown, RegExp]> = [
      [testKeyPair('EdDSA').publicPem, /must be a private key/],
      [{ kty: 'oct', k: 'c2VjcmV0' }, /is a secret/],
      ['not a key at all', /must be PEM/],
      [rsa, /PKCS#1 key: convert it to PKCS#8/],
      [sec1, /SEC 1 key: convert it to PKCS#8/],
      [`${testKeyPair('EdDSA').privatePem}${testKeyPair('EdDSA', 1).privatePem}`, /exactly one key/],
    ];
    for (const [key, message] of cases) {
      const details = failure({ accessTokenAlgorithm: 'EdDSA', accessTokenPrivateKey: key as string });
      expect(details).toEqual([{ path: 'accessTokenPrivateKey', message: expect.stringMatching(message) }]);
      expect(JSON.stringify(details)).not.toContain('MC4CAQAwBQYDK2Vw');
    }
  });

  it('refuses RSA keys under 2048 bits and EC keys on another curve', () => {
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(failure({ accessTokenAlgorithm: 'RS256', accessTokenPrivateKey: small })).toEqual([
      { path: 'accessTokenPrivateKey', message: 'must be an RSA key of at least 2048 bits' },
    ]);
    const p384 = generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(failure({ accessTokenAlgorithm: 'ES256', accessTokenPrivateKey: p384 })?.[0]?.message).toMatch(/another type or curve/);
    const smallJwk = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'jwk' });
    expect(failure({ accessTokenAlgorithm: 'RS256', accessTokenPrivateKey: smallJwk as never })?.[0]?.message).toMatch(/2048 bits/);
  });

  it('requires the key with an asymmetric algorithm and the secret with HS256, and refuses each where it signs nothing', () => {
    expect(failure({ accessTokenAlgorithm: 'EdDSA' })).toEqual([{ path: 'accessTokenPrivateKey', message: 'is required with EdDSA' }]);
    expect(failure({})).toEqual([{ path: 'accessTokenSecret', message: expect.stringMatching(/is required with HS256/) }]);
    expect(failure({ accessTokenSecret: ACCESS, accessTokenPrivateKey: testKeyPair('EdDSA').privatePem })).toEqual([
      { path: 'accessTokenPrivateKey', message: expect.stringMatching(/only used with EdDSA, ES256 or RS256/) },
    ]);
    expect(
      failure({ accessTokenSecret: ACCESS, accessTokenAlgorithm: 'EdDSA', accessTokenPrivateKey: testKeyPair('EdDSA').privatePem }),
    ).toEqual([{ path: 'accessTokenSecret', message: expect.stringMatching(/move it to previousAccessTokenSecrets/) }]);
    expect(failure({ accessTokenSecret: ACCESS, accessTokenAlgorithm: 'HS512' as never })?.[0]?.path).toBe('accessTokenAlgorithm');
  });

  it('takes previous keys as PEM blocks one after another, a JWK array or a JWK Set, public or private', () => {
    const [ed, es, rs] = ASYMMETRIC_ALGORITHMS.map((alg) => testKeyPair(alg));
    const forms = [
      `${ed!.publicPem}\n${es!.privatePem}${rs!.publicPem}`,
      JSON.stringify([ed!.publicJwk, es!.privateJwk, rs!.publicJwk]),
      JSON.stringify({ keys: [ed!.publicJwk, es!.privateJwk, rs!.publicJwk] }),
      [ed!.publicJwk, es!.privatePem, JSON.stringify(rs!.publicJwk)],
    ];
    for (const previousAccessTokenKeys of forms) {
      const config = parseAuthConfig({ accessTokenSecret: ACCESS, refreshTokenSecret: REFRESH, previousAccessTokenKeys });
      expect(config.previousAccessTokenKeys.map((k) => [k.alg, k.isPrivate])).toEqual([
        ['EdDSA', false],
        ['ES256', true],
        ['RS256', false],
      ]);
    }
  });

  it('refuses a JWK whose alg or use disagrees with its key, and short previous secrets', () => {
    const jwk = { ...testKeyPair('EdDSA').publicJwk, alg: 'ES256' };
    expect(failure({ accessTokenSecret: ACCESS, previousAccessTokenKeys: [jwk] })?.[0]).toEqual({
      path: 'previousAccessTokenKeys',
      message: 'has a key whose "alg" is not EdDSA, the one algorithm for its key type (Ed25519)',
    });
    const enc = { ...testKeyPair('EdDSA').publicJwk, use: 'enc' };
    expect(failure({ accessTokenSecret: ACCESS, previousAccessTokenKeys: [enc] })?.[0]?.message).toMatch(/"use" is not "sig"/);
    expect(failure({ accessTokenSecret: ACCESS, previousAccessTokenSecrets: ['short'] })?.[0]?.path).toBe('previousAccessTokenSecrets.0');
    expect(failure({ accessTokenSecret: ACCESS, previousAccessTokenSecrets: [REFRESH] })?.[0]?.message).toBe(
      'must differ from refreshTokenSecret',
    );
  });

  it('refuses an issuer or audience with spaces, and parses a parsed config with keys to the same value', () => {
    expect(failure({ accessTokenSecret: ACCESS, issuer: 'my issuer' })?.[0]?.path).toBe('issuer');
    expect(failure({ accessTokenSecret: ACCESS, audience: '' })?.[0]?.path).toBe('audience');
    const once = parseAuthConfig({
      refreshTokenSecret: REFRESH,
      accessTokenAlgorithm: 'ES256',
      accessTokenPrivateKey: testKeyPair('ES256').privateJwk,
      previousAccessTokenKeys: testKeyPair('EdDSA').publicPem,
      issuer: 'https://auth.example.com',
      audience: 'api',
    });
    expect(parseAuthConfig(once as never)).toEqual(once);
  });
});
