import { calculateJwkThumbprint, exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import type { AsymmetricAlgorithm } from './signing-algorithm.js';
import { toPublicJwk, type PublicJwk } from './public-jwk.js';

/** A new signing key in both forms the settings take, with the kid tokens will carry. */
export interface GeneratedSigningKey {
  alg: AsymmetricAlgorithm;
  /** The RFC 7638 thumbprint of the public key: the same whether the PEM or the JWK is configured. */
  kid: string;
  /** The private JWK with `kid`, `alg` and `use` (for `JWT_PRIVATE_KEY`). Secret. */
  privateJwk: Record<string, string>;
  /** The same key as PKCS#8 PEM. Secret. */
  privatePem: string;
  /** The public half, as the JWKS will list it (for `JWT_PREVIOUS_KEYS` on instances not yet updated). */
  publicJwk: PublicJwk;
}

/**
 * Makes a new key pair for access tokens (RSA: 2048 bits). Used by `gatehouse keys generate`.
 *
 * @example
 * const { kid, privateJwk } = await generateSigningKey('EdDSA');
 */
export async function generateSigningKey(alg: AsymmetricAlgorithm): Promise<GeneratedSigningKey> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true, ...(alg === 'RS256' ? { modulusLength: 2048 } : {}) });
  const jwk = await exportJWK(privateKey);
  const publicJwk = toPublicJwk(jwk as Record<string, unknown>, '', alg);
  const { kid: _none, alg: _alg, use: _use, ...members } = publicJwk;
  const kid = await calculateJwkThumbprint(members as never);
  return {
    alg,
    kid,
    privateJwk: { ...(jwk as Record<string, string>), kid, alg, use: 'sig' },
    privatePem: await exportPKCS8(privateKey),
    publicJwk: { ...publicJwk, kid },
  };
}
