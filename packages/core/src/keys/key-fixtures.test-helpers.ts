import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { AsymmetricAlgorithm } from './signing-algorithm.js';

/** A key pair made by Node's own crypto (not jose), in every format the settings take. */
export interface TestKeyPair {
  alg: AsymmetricAlgorithm;
  privatePem: string;
  publicPem: string;
  privateJwk: Record<string, string>;
  publicJwk: Record<string, string>;
  publicKey: KeyObject;
}

function generate(alg: AsymmetricAlgorithm) {
  if (alg === 'EdDSA') return generateKeyPairSync('ed25519');
  if (alg === 'ES256') return generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}

const cache = new Map<AsymmetricAlgorithm, TestKeyPair[]>();

/** The `index`-th key pair for `alg` in this test process (RSA generation is slow: each is made once). */
export function testKeyPair(alg: AsymmetricAlgorithm, index = 0): TestKeyPair {
  const list = cache.get(alg) ?? [];
  cache.set(alg, list);
  while (list.length <= index) {
    const { privateKey, publicKey } = generate(alg);
    list.push({
      alg,
      privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      privateJwk: privateKey.export({ format: 'jwk' }) as Record<string, string>,
      publicJwk: publicKey.export({ format: 'jwk' }) as Record<string, string>,
      publicKey,
    });
  }
  return list[index]!;
}

export const ASYMMETRIC_ALGORITHMS = ['EdDSA', 'ES256', 'RS256'] as const;
